/**
 * The app's translation namespaces, each registered by the area that owns its texts when that area loads: an
 * area's texts module (`i18n.ts`, `*-i18n.ts`) calls `registerTexts` as it is evaluated, and the area's entry modules
 * (its routes' screens, its lazy panels) import that module, so the texts are there before the area renders and the
 * shell imports no feature's texts. The i18n instances (setup.ts) take what is registered when they are created and
 * what registers later as it comes.
 */
import type { Locale } from '../../contracts/locales';
import type { UiNamespace } from '../../contracts/ui-namespaces';

/** One namespace's texts: the same keys in every locale (tests/unit/app/i18n.test.ts). */
export type TextBundle = Record<Locale, Record<string, unknown>>;

const bundles = new Map<UiNamespace, TextBundle>();
const listeners = new Set<(ns: UiNamespace, bundle: TextBundle) => void>();

/** Registers an area's namespace (again with the same texts: nothing happens) and returns its texts. */
export function registerTexts<B extends TextBundle>(ns: UiNamespace, bundle: B): B {
  if (bundles.get(ns) === bundle) return bundle;
  bundles.set(ns, bundle);
  for (const listener of listeners) listener(ns, bundle);
  return bundle;
}

/** The namespaces registered so far. */
export function registeredTexts(): ReadonlyMap<UiNamespace, TextBundle> {
  return bundles;
}

/** Calls `listener` for every namespace registered from now on; returns the function that stops it. */
export function onTextsRegistered(listener: (ns: UiNamespace, bundle: TextBundle) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
