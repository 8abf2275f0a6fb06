import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./src/test/setup.ts'],
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
