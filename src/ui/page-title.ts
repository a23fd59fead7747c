/**
 * The browser tab title: the product name, plus a percentage while a session transfer runs.
 */
const PRODUCT_NAME = 'ASTRO Companion';

/**
 * 'ASTRO Companion' or 'ASTRO Companion 42%' (rounded down, capped to 0..100).
 * @internal Exported for its tests.
 */
export function pageTitle(percent?: number | null): string {
  if (percent === undefined || percent === null || !Number.isFinite(percent)) return PRODUCT_NAME;
  const p = Math.floor(Math.min(100, Math.max(0, percent)));
  return `${PRODUCT_NAME} ${p}%`;
}

/** Writes the title to the document; call with no argument when the transfer ends. */
export function setPageTitle(percent?: number | null): void {
  if (typeof document !== 'undefined') document.title = pageTitle(percent);
}
