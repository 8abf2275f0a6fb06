// Runs before the first paint (loaded blocking from <head>) so the page never flashes the wrong
// theme. Same rule as src/lib/theme.ts: a stored value counts only if it is exactly 'light' or
// 'dark'; anything else falls back to the system preference. It also works out the reader's
// language (same rule as detectLanguage in src/lib/i18n.ts: the stored choice, else the first browser
// language the product speaks, else pt), sets <html lang> so the document language is right before
// React starts, and preloads that language's common texts so they download alongside the scripts
// instead of after them (the first render waits for them). On the data pages a phone opens first it
// also starts the page's API read (see the end).
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
  // The page's own texts: the server names them in a <meta> before this script on the pages it
  // knows (internal/httpapi/spa_routes.go, from the router's table at build time), so they too
  // download alongside the scripts, in the language worked out above.
  var texts = document.querySelector('meta[name="ladder-page-texts"]');
  var names = texts ? String(texts.getAttribute('content') || '').split(' ') : [];
  for (var n = 0; n < names.length; n++) {
    if (!/^[A-Za-z]+$/.test(names[n])) continue;
    var more = document.createElement('link');
    more.rel = 'preload';
    more.setAttribute('as', 'fetch');
    more.setAttribute('crossorigin', 'anonymous');
    more.href = '/locales/' + lng + '/' + names[n] + '.json';
    document.head.appendChild(more);
  }

  // The first page's data (issue 16): /tournaments and /tournaments/:id read the API only once their
  // lazy code has rendered, a request after the frame paints (LCP). Starting that read here runs it
  // alongside the scripts. The app takes the response instead of asking again when its own first
  // request is this very URL (src/lib/early-read.ts; same Accept-Language and credentials), so the
  // page's query keys and fetchers stay its own. The URLs are what the pages ask for without filters
  // (a test keeps them equal to the pages' query builders); any other URL is never read here.
  var path = location.pathname;
  var early = null;
  var match = /^\/tournaments\/([1-9][0-9]{0,14})$/.exec(path);
  if (path === '/tournaments' && !/[?&]club=/.test(location.search)) early = '/api/tournaments?limit=24';
  else if (match) early = '/api/tournaments/' + match[1];
  if (early && window.fetch) {
    window.__ladderEarlyRead = {
      url: early,
      at: Date.now(),
      lang: lng,
      response: fetch(early, { credentials: 'same-origin', headers: { 'Accept-Language': lng } }),
    };
    // An unused or failed read must not surface as an unhandled rejection; the app asks again.
    window.__ladderEarlyRead.response.catch(function () {});
  }

  // Who is reading: every page asks once the app has started (src/lib/session.ts), a request after
  // the first render that the page's later renders wait for. Asked here it runs alongside the
  // scripts; the session store takes this response for its first user fetch (same headers).
  if (window.fetch) {
    window.__ladderEarlyMe = {
      at: Date.now(),
      lang: lng,
      response: fetch('/api/users/me', { credentials: 'same-origin', headers: { Accept: 'application/json', 'Accept-Language': lng } }),
    };
    window.__ladderEarlyMe.response.catch(function () {});
  }
})();
