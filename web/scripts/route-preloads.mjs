// Writes dist/route-preloads.json after `vite build` (issue 16, the data pages' LCP): for every
// lazy route of src/app/router.tsx, the route's path, the hashed chunks its page needs beyond the
// ones index.html loads already, and the translation namespaces it loads. The Go server adds
// <link rel="modulepreload"> for those chunks to the index.html it serves on that path, and names
// the namespaces for public/theme-init.js, which preloads them in the reader's language. Without
// it a phone learns of the page's code only once the main scripts have downloaded and run, and of
// the page's ~40 small chunks only once the page's own chunk has: two round trips on the critical
// path to the first contentful render.
//
// The router is read as text: each route is `{ path: '…', lazy: page(LOADER, [namespaces]…) }`
// (or `index: true`), LOADER an `() => import('@/…')` or the name of a const holding one. A lazy
// route written any other way fails the build, so the table cannot silently miss a page.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The lazy routes of the router's source: { path, module ('src/…' without extension), namespaces }. */
export function parseRoutes(source) {
  const loaders = new Map();
  for (const m of source.matchAll(/const (\w+) = \(\) => import\('@\/([^']+)'\);/g)) loaders.set(m[1], m[2]);
  const routes = [];
  const route = /\{ (?:path: '([^']*)'|index: true), lazy: page\((?:\(\) => import\('@\/([^']+)'\)|(\w+))(?:, \[([^\]]*)\])?/g;
  for (const m of source.matchAll(route)) {
    const module = m[2] ?? loaders.get(m[3]);
    if (!module) throw new Error(`route-preloads: the loader ${m[3]} of route '${m[1] ?? ''}' is not a const () => import('@/…')`);
    const namespaces = (m[4] ?? '').split(',').map((s) => s.trim().replace(/^'|'$/g, '')).filter(Boolean);
    routes.push({ path: m[1] ?? '', module: `src/${module}`, namespaces });
  }
  const lazy = source.match(/lazy: page\(/g)?.length ?? 0;
  if (lazy !== routes.length) {
    throw new Error(`route-preloads: ${lazy} lazy routes in the router, ${routes.length} understood; write new routes like the others`);
  }
  return routes;
}

/**
 * The chunks a page needs that index.html does not load: its own file first, then its static
 * imports, recursively (manifest keys), as /assets/… URLs.
 */
export function pageChunks(manifest, module) {
  const key = [`${module}.tsx`, `${module}.ts`].find((k) => manifest[k]);
  if (!key) throw new Error(`route-preloads: ${module} is not in the build's manifest`);
  const loaded = new Set(['index.html']);
  const walk = (k, into) => {
    for (const dep of manifest[k].imports ?? []) {
      if (into.has(dep)) continue;
      into.add(dep);
      walk(dep, into);
    }
  };
  walk('index.html', loaded);
  const needed = new Set([key]);
  walk(key, needed);
  return [...needed].filter((k) => !loaded.has(k)).map((k) => `/${manifest[k].file}`);
}

function main() {
  const dist = new URL('../dist/', import.meta.url);
  const source = readFileSync(new URL('../src/app/router.tsx', import.meta.url), 'utf8');
  const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
  const routes = parseRoutes(source).map((r) => ({ path: r.path, files: pageChunks(manifest, r.module), namespaces: r.namespaces }));
  writeFileSync(new URL('route-preloads.json', dist), `${JSON.stringify({ routes }, null, 1)}\n`);
  const files = routes.reduce((n, r) => n + r.files.length, 0);
  console.log(`route-preloads: ${routes.length} routes, ${files} chunk preloads`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
