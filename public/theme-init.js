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
    // What the visitor does on the prerendered page before the app has rendered, handed over to the app
    // (src/app/prerender/handoff.ts): the copy's fields (read from it once React has replaced it), the field that
    // had the focus, and whether its form was submitted (the button, or Enter in a field).
    var handoff = (window.__prerenderHandoff = { copy: null, focused: null, submitted: false, menuOpened: false });
    var observer = new MutationObserver(function () {
      var root = document.getElementById('root');
      if (!root) return;
      observer.disconnect();
      var copies = document.querySelectorAll('template[data-prerender-copy]');
      for (var i = 0; i < copies.length; i++) {
        if (copies[i].getAttribute('data-prerender-copy') === key && !root.firstChild) {
          root.appendChild(copies[i].content.cloneNode(true));
          handoff.copy = root.firstElementChild;
        }
      }
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
    keepWhatIsTyped();
  }
} catch (_e) {
  // Storage disabled: no prerendered screen, the app renders as usual.
}

// Starts the app (vite.config.ts, startAppAfterFirstPaint): its module entry and the chunks that entry imports,
// named by <meta name="app-start">, are added once the page is parsed (main.tsx needs #root) and a frame has been
// painted, so the HTML and CSS of the first paint have the network to themselves. A hidden tab paints no frame: it
// starts as soon as the page is parsed. The timer is a backstop should no frame come.
(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var meta = document.querySelector('meta[name="app-start"]');
    if (!meta) return;
    // The entry first, then its chunks' preloads one at a time, each its own task: inserting a script or preload
    // element starts its fetch, which costs the main thread more than it seems on a slow phone (four at once made a
    // long task under Lighthouse's mobile profile).
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = meta.getAttribute('content');
    document.head.appendChild(script);
    var preloads = (meta.getAttribute('data-preload') || '').split(' ').filter(Boolean);
    var next = 0;
    (function preloadBatch() {
      var batch = document.createDocumentFragment();
      for (var end = Math.min(next + 1, preloads.length); next < end; next++) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = preloads[next];
        batch.appendChild(link);
      }
      document.head.appendChild(batch);
      if (next < preloads.length) setTimeout(preloadBatch, 0);
    })();
  }
  function afterPaint() {
    if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') return start();
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    setTimeout(start, 3000);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint, { once: true });
  else afterPaint();
})();

/**
 * The prerendered form works before the app does: typing goes into its fields as usual (the copy is not inert),
 * its submit button is enabled once the required fields are filled (the login page's rule), and a submit is kept
 * (not sent: the app sends it once it has taken the values over). Links are plain links meanwhile.
 */
function keepWhatIsTyped() {
  var handoff = window.__prerenderHandoff;
  var inCopy = function (el) {
    return !!(el && el.closest && handoff.copy && handoff.copy.contains(el));
  };
  var updateSubmit = function (form) {
    var filled = true;
    var required = form.querySelectorAll('input[required]');
    for (var i = 0; i < required.length; i++) {
      var v = required[i].type === 'password' ? required[i].value : required[i].value.trim();
      if (!v) filled = false;
    }
    var buttons = form.querySelectorAll('button[type="submit"]');
    for (var j = 0; j < buttons.length; j++) {
      buttons[j].disabled = !filled;
      if (filled) buttons[j].removeAttribute('data-disabled');
      else buttons[j].setAttribute('data-disabled', 'true');
    }
  };
  document.addEventListener('input', function (e) {
    if (inCopy(e.target) && e.target.form) updateSubmit(e.target.form);
  }, true);
  document.addEventListener('focusin', function (e) {
    if (inCopy(e.target) && e.target.name) handoff.focused = e.target.name;
  }, true);
  document.addEventListener('focusout', function (e) {
    var el = e.target;
    // Leaving the field for something else forgets it; being removed with the copy (React took over) does not.
    setTimeout(function () {
      if (el.isConnected && handoff.focused === el.name && document.activeElement !== el) handoff.focused = null;
    }, 0);
  }, true);
  // A tap on the menu button (the phone layout's burger) opens the menu as soon as the app is there.
  document.addEventListener('click', function (e) {
    if (inCopy(e.target) && e.target.closest('.mantine-Burger-root')) handoff.menuOpened = !handoff.menuOpened;
  }, true);
  document.addEventListener('submit', function (e) {
    if (!inCopy(e.target)) return;
    e.preventDefault();
    handoff.submitted = true;
  }, true);
}
