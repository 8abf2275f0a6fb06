// Runs before the first paint (loaded blocking from <head>) so the page never flashes the wrong
// theme. Same rule as src/lib/theme.ts: a stored value counts only if it is exactly 'light' or
// 'dark'; anything else falls back to the system preference. It also sets <html lang> from the
// cached language so the document language is right before React starts.
(function () {
  var root = document.documentElement;
  var theme;
  try {
    theme = localStorage.getItem('theme');
  } catch (e) {
    theme = null;
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  try {
    var lng = localStorage.getItem('i18nextLng');
    if (lng === 'pt' || lng === 'en') root.lang = lng;
  } catch (e) {
    /* storage blocked: keep the default */
  }
})();
