import { defineConfig } from 'vitest/config';

// Browser tests: the built app and the WebGPU kernels, driven in Debian's headless Chromium by
// playwright-core (e2e/). One file at a time: each launches its own browser.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    passWithNoTests: true,
  },
});
