import { defineConfig } from 'vitest/config';

// Browser tests: the built app and the WebGPU kernels, driven in Debian's headless Chromium by
// playwright-core (e2e/). One file at a time: each launches its own browser.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // One fork runs the files one after another; not isolated, it imports playwright-core, Vite
    // and the helpers once rather than once a file (collect 13.5 s → 2.6 s over six specs at a
    // load of 13). Each spec still launches its own browser and server and closes them.
    poolOptions: { forks: { isolate: false } },
    passWithNoTests: true,
  },
});
