// Runs before the first paint (loaded blocking from <head>) so the page never flashes the wrong
// theme. Same rule as src/lib/theme.ts: a stored value counts only if it is exactly 'light' or
// 'dark'; anything else falls back to the system preference. It also works out the reader's
// language (same rule as detectLanguage in src/lib/i18n.ts: the stored choice, else the first browser
// language the product speaks, else pt), sets <html lang> so the document language is right before
// React starts, and preloads that language's common texts so they download alongside the scripts
// instead of after them (the first render waits for them).
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
  var lng = null;
  try {
    lng = localStorage.getItem('i18nextLng');
  } catch (e) {
    /* storage blocked: use the browser's languages */
  }
  if (lng !== 'pt' && lng !== 'en') {
    lng = 'pt';
    var langs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var i = 0; i < langs.length; i++) {
      var base = String(langs[i] || '').toLowerCase().replace(/[-_].*$/, '');
      if (base === 'pt' || base === 'en') {
        lng = base;
        break;
      }
    }
  }
  root.lang = lng;
  // Matched by the app's fetch() of the same URL (same mode and credentials: crossorigin=anonymous).
  var link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'fetch');
  link.setAttribute('crossorigin', 'anonymous');
  link.href = '/locales/' + lng + '/common.json';
  document.head.appendChild(link);
})();
