// Applies the stored theme (localStorage `theme`) before the first paint: no flash of the wrong colours.
// A file, not an inline script, so the server's Content-Security-Policy (script-src 'self') allows it.
try {
  var t = localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', t);
  if (t === 'dark') document.documentElement.classList.add('dark');
} catch (_e) {
  // Storage disabled: light theme.
}
