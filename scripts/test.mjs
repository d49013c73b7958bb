// `npm test`: install what is missing (npm packages, Debian's chromium), type-check every project,
// run the unit tests, build the app and run the browser tests (GPU kernels and end-to-end) in
// headless Chromium.
//
// The type-check and the build run beside the unit tests: each tsc and most of the build use one
// core, and the unit tests (one fork on 2 cores: Vitest's default is one fewer than the cores)
// leave the other one idle much of the time, so the three together take about the unit tests'
// time instead of the sum. Their output is held and printed when each ends, so that it does not
// interleave with the unit tests' report. The browser tests run last, alone: some time the page.
import { ensureChromium, ensureDependencies, run, runHeld } from './lib.mjs';

ensureDependencies();
const chromium = ensureChromium();
const started = Date.now();
// Niced: the unit tests keep the first claim on the cores (a starved Vitest main process misses
// its workers' 60 s RPC deadline), and the type-check and build take what the tests leave.
const nice = process.platform === 'win32' ? [] : ['nice', '-n', '10'];
const niced = (cmd, args) => (nice.length ? [nice[0], [...nice.slice(1), cmd, ...args]] : [cmd, args]);
const side = (async () => {
  const typecheck = await runHeld('typecheck', ...niced('node', ['scripts/typecheck.mjs']));
  const build = await runHeld('build', ...niced('npx', ['vite', 'build']));
  return typecheck && build;
})();
const unit = runHeld('unit tests', 'npx', ['vitest', 'run'], { hold: false });
const [sideOk, unitOk] = await Promise.all([side, unit]);
console.log(`fitbench: type-check, build and unit tests took ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (!sideOk || !unitOk) process.exit(1);
run('npx', ['vitest', 'run', '--config', 'vitest.browser.config.ts'], {
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
