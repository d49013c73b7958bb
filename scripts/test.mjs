// `npm test`: install what is missing (npm packages, Debian's chromium), type-check every project,
// run the unit tests, build the app and run the browser tests (GPU kernels and end-to-end) in
// headless Chromium.
import { ensureChromium, ensureDependencies, run } from './lib.mjs';

ensureDependencies();
const chromium = ensureChromium();
run('node', ['scripts/typecheck.mjs']);
run('npx', ['vitest', 'run']);
run('npx', ['vite', 'build']);
run('npx', ['vitest', 'run', '--config', 'vitest.browser.config.ts'], {
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
