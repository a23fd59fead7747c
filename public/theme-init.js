// Applies the stored theme (localStorage `theme`) before the first paint: no flash of the wrong colours.
// A file, not an inline script, so the server's Content-Security-Policy (script-src 'self') allows it.
try {
  var t = localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', t);
  if (t === 'dark') document.documentElement.classList.add('dark');
} catch (_e) {
  // Storage disabled: light theme.
}

// Which prerendered first screen (vite.config.ts, src/app/prerender) to show until the app renders: the welcome
// or login page in the stored locale, copied from its <template> into #root as soon as the parser has created
// #root (before the first paint); none on other paths, in a tab that holds a session, or on a device someone is
// signed in on (localStorage `signed_in_before`, src/app/session-hint.ts): their header is the signed-in one. The page language follows the stored locale from the start, as the app sets it.
try {
  var l = (localStorage.getItem('locale') || '').toLowerCase() === 'pt-pt' ? 'pt-pt' : 'en-us';
  document.documentElement.lang = l === 'pt-pt' ? 'pt-PT' : 'en-US';
  var p = location.pathname;
  if ((p === '/' || p === '/login') && !sessionStorage.getItem('access_token') && localStorage.getItem('signed_in_before') !== '1' && typeof MutationObserver === 'function') {
    var key = p + '|' + l;
    var observer = new MutationObserver(function () {
      var root = document.getElementById('root');
      if (!root) return;
      observer.disconnect();
      var copies = document.querySelectorAll('template[data-prerender-copy]');
      for (var i = 0; i < copies.length; i++) {
        if (copies[i].getAttribute('data-prerender-copy') === key && !root.firstChild) root.appendChild(copies[i].content.cloneNode(true));
      }
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
  }
} catch (_e) {
  // Storage disabled: no prerendered screen, the app renders as usual.
}
