/**
 * A hint in localStorage that someone has signed in on this device and not signed out since (logout clears
 * localStorage). It holds nothing secret (no user, no token). With it, the shell loads the data layer at
 * once instead of after the start (after-start.ts), so a returning racer who opens the installed app (start_url /)
 * with only the refresh cookie, or offline, gets their session restored right away; and public/theme-init.js
 * shows no prerendered signed-out page. A first-time visitor keeps the light first load.
 * public/theme-init.js reads the same key (it cannot import this module).
 * @internal Exported for its tests.
 */
export const SESSION_HINT_KEY = 'signed_in_before';

export function hasSessionHint(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

export function setSessionHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SESSION_HINT_KEY, '1');
    else localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage disabled: the shell simply starts the data layer later.
  }
}
