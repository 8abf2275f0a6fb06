import { defineConfig, mergeConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import viteConfig from './vite.config.ts';

const lib = (path: string) => fileURLToPath(new URL(`./node_modules/${path}`, import.meta.url));

export default mergeConfig(
  viteConfig,
  defineConfig({
    // Libraries with an ES module build ("module") next to a CommonJS "main" load the ES one, whose
    // `import 'react'` the alias reaches (a CommonJS require would load React itself).
    resolve: { mainFields: ['module', 'main'] },
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./src/test/setup.ts'],
      // The app runs on preact/compat (vite.config.ts aliases react to it): the libraries that import
      // react go through Vite here too, so the tests render with what users run.
      alias: [
        // Their `node` export or CommonJS main would load React itself, past the aliases.
        { find: /^react-router$/, replacement: lib('react-router/dist/development/index.mjs') },
        { find: /^react-router\/dom$/, replacement: lib('react-router/dist/development/dom-export.mjs') },
        { find: /^lucide-react$/, replacement: lib('lucide-react/dist/esm/lucide-react.mjs') },
        { find: /^@testing-library\/react$/, replacement: lib('@testing-library/react/dist/@testing-library/react.esm.js') },
      ],
      // Every dependency goes through Vite, so one Preact instance serves the app, the libraries and
      // Testing Library's act() (a list of the packages that import react left Preact's effects
      // outside act(): focus and effect tests failed).
      server: { deps: { inline: true } },
      include: ['src/**/*.test.{ts,tsx}'],
      // 2-core machine: keep the pool small so tests do not fight each other for CPU.
      maxWorkers: 2,
      // No test may depend on the machine's speed (#11: 39 of 351 timed out on a loaded 2-core
      // machine at the 5 s default). Tests wait for what they expect, never for a time; these
      // limits only stop a test that truly hangs. Testing Library's findBy*/waitFor limit is set
      // in src/test/setup.ts, below this one so its clearer message comes first.
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  }),
);
