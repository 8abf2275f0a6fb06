import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups, QUERY_HOOKS } from './chunking';

// The Go server (`ladder serve`, default :8080) owns /api, /locales and the health checks;
// in development Vite serves the app and forwards those to it.
const backend = process.env.LADDER_DEV_BACKEND ?? 'http://127.0.0.1:8080';

// The landing page, and the data pages a phone opens first (public/theme-init.js reads their data
// from <head>): their shared pieces get chunks of their own, so they do not download every page's.
const groups = chunkGroups('/src/features/home/pages/HomePage.tsx', [
  '/src/features/tournaments/pages/TournamentsPage.tsx',
  '/src/features/tournament/pages/TournamentPage.tsx',
]);

// Fails the build (and the unit tests, which load this config) if a module of React itself is
// ever loaded: a library import that escaped the aliases below would otherwise ship React DOM in
// a lazy chunk, where the landing page's size check does not look.
const noReact = {
  name: 'no-react',
  enforce: 'pre' as const,
  load(id: string) {
    if (/node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) {
      throw new Error(`${id}: React itself was loaded; the app runs on preact/compat (vite.config.ts aliases)`);
    }
    return null;
  },
};

// React Router's package exports only its development build to bundlers (no "production"
// condition), so its warnings, and the texts they build on every route match, would ship and run
// in every page. The production build differs from it by that one flag. Builds alias the
// production build and fail if a module of the development one is loaded anyway (an import of
// another subpath, a changed package); the dev server and the unit tests keep the development
// build, for its warnings.
const routerProduction = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const reactRouterProduction = {
  name: 'react-router-production',
  apply: 'build' as const,
  enforce: 'pre' as const,
  config: () => ({
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: routerProduction('index.mjs') },
        { find: /^react-router\/dom$/, replacement: routerProduction('dom-export.mjs') },
      ],
    },
  }),
  load(id: string) {
    if (/node_modules[\\/]react-router[\\/]dist[\\/]development[\\/]/.test(id)) {
      throw new Error(`${id}: React Router's development build was loaded into a build (vite.config.ts, reactRouterProduction)`);
    }
    return null;
  },
};

export default defineConfig({
  // JSX only: React Fast Refresh patches React's own renderer, which preact/compat is not (a changed
  // module reloads the page in development instead).
  plugins: [noReact, reactRouterProduction, react({ refreshExclude: /./ }), tailwindcss(), groups.plugin],
  resolve: {
    // The app is written against React's API and runs on preact/compat (issue 16: the landing page's
    // JavaScript; docs/DECISIONS.md "Preact in place of React"): React DOM + React + scheduler were
    // ≈ 65 KiB gzip of the landing page's 140, Preact with its compat layer is ≈ 12. Every import of
    // react / react-dom — the app's and the libraries' (React Router, TanStack Query, react-i18next,
    // Radix, lucide) — resolves to it; vitest.config.ts makes the unit tests do the same.
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
    ],
  },
  server: {
    proxy: {
      '/api': { target: backend, ws: true },
      '/healthz': backend,
      '/readyz': backend,
    },
  },
  build: {
    // The manifest lets scripts/check-size.mjs find the landing route's initial chunks.
    manifest: true,
    target: 'es2022',
    assetsDir: 'assets',
    // No modulepreload polyfill (~0.4 KiB gzip on the landing): every browser the es2022 target
    // runs supports <link rel="modulepreload"> natively except Safari < 17 and Firefox < 115,
    // where the lazy chunks still load — only without the preload hint.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            // lucide's runtime (not the icons) joins the framework: every page's icons need it, and left
            // alone the bundler splits it into an extra chunk of the landing page once many lazy pages
            // share icons with the home page. So do the landing's own icons (a chunk each otherwise).
            {
              name: 'framework',
              test: (id: string) =>
                /node_modules[\\/]((preact|react-router)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/]))/.test(id) ||
                groups.isLandingIcon(id),
            },
            // The lazy pages' shared pieces in three chunks instead of dozens (chunking.ts says why).
            // Not their dependencies: the query client core and the app code the landing loads stay
            // in the entry, which must not import these chunks.
            { name: 'icons-first', test: groups.isFirstPagesIcon },
            { name: 'icons', test: groups.isSharedIcon },
            { name: 'query', test: QUERY_HOOKS, includeDependenciesRecursively: false },
            { name: 'common-first', test: groups.isFirstPagesShared, minShareCount: 2, includeDependenciesRecursively: false },
            { name: 'common', test: groups.isLazyShared, minShareCount: 2, includeDependenciesRecursively: false },
            { name: 'i18n', test: /node_modules[\\/](i18next[^\\/]*|react-i18next)[\\/]/ },
          ],
        },
      },
    },
  },
});
