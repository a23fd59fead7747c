/**
 * Build-time prerender of the public first screens (usable at first paint, before any script runs): the real shell and page components,
 * rendered to static HTML by the build (plugin `prerender-shell` in vite.config.ts) into <template>s of
 * index.html, so the welcome page and the login page paint before the app's JavaScript has run. React then
 * renders over it with createRoot (not hydration): the same components, so nothing moves (CLS stays 0).
 *
 * Rendered signed out (what a visitor without a session sees), once per locale; public/theme-init.js copies the
 * one that matches the path and the stored locale into #root, none when this tab holds a session or on another
 * path. Runs in Node through Vite's SSR loader: no browser APIs at module level.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import type { Locale } from '../../contracts/locales';
import type { AppAuth, AuthView } from '../auth/auth-port';
import { i18n } from '../i18n/setup';
import { AppProviders } from '../providers';
import { createAppRouter } from '../router';

export type PrerenderPath = '/' | '/login';

const SIGNED_OUT: AuthView = { status: 'signed-out', user: null };
const refuse = () => Promise.reject(new Error('not available while prerendering'));

/** A signed-out AppAuth that never calls anything (the public pages only read the snapshot). */
function visitorAuth(): AppAuth {
  return {
    getSnapshot: () => SIGNED_OUT,
    subscribe: () => () => undefined,
    ready: async () => SIGNED_OUT,
    checkAdmin: refuse,
    login: refuse,
    register: refuse,
    verify: refuse,
    resendVerification: refuse,
    resetPassword: refuse,
    changePassword: refuse,
    logout: refuse,
    preload: async () => undefined,
  };
}

/**
 * The markup of one public page in one locale. `idPrefix` keeps React ids (and Mantine's id-based class names of
 * responsive style props) distinct between the copies that share index.html.
 */
export async function renderShell(path: PrerenderPath, locale: Locale, idPrefix: string): Promise<string> {
  await i18n.changeLanguage(locale);
  const auth = visitorAuth();
  const router = createAppRouter(auth, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const html = renderToString(<AppProviders auth={auth} router={router} />, { identifierPrefix: idPrefix });
  // The router may emit inline scripts for the client it expects (hydration): they are neither needed nor allowed
  // (Content-Security-Policy script-src 'self').
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
}
