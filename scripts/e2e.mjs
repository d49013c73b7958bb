// `npm run e2e`: build the app and run only the browser tests.
import { ensureChromium, ensureDependencies, run } from './lib.mjs';

ensureDependencies();
const chromium = ensureChromium();
run('npx', ['vite', 'build']);
run('npx', ['vitest', 'run', '--config', 'vitest.browser.config.ts', ...process.argv.slice(2)], {
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
