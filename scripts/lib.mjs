// Shared helpers for `npm start` and `npm test`: they must work on a fresh Debian machine that has
// only Node, so they install what is missing (npm packages, Debian's chromium) before they run.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command in the repository root; exits with its status when it fails. */
export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) {
    console.error(`fitbench: could not run ${cmd}: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Installs npm packages when node_modules is missing or older than package-lock.json. */
export function ensureDependencies() {
  const lock = join(root, 'package-lock.json');
  const stamp = join(root, 'node_modules', '.fitbench-lock-hash');
  const want = createHash('sha256').update(readFileSync(lock)).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  console.log('fitbench: installing npm packages (npm ci)…');
  const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (ci.status !== 0) {
    // A registry mirror that lacks some platform-specific optional packages makes `npm ci`
    // refuse the lock file; `npm install` tolerates it and still honours the locked versions.
    console.log('fitbench: npm ci failed; trying npm install…');
    run('npm', ['install', '--no-audit', '--no-fund']);
  }
  writeFileSync(stamp, want);
}

const chromiumCandidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The Chromium executable the browser tests drive (CHROMIUM_PATH overrides). */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return chromiumCandidates.find((p) => existsSync(p));
}

/** Installs Debian's chromium with apt-get when it is absent (root or password-less sudo). */
export function ensureChromium() {
  if (findChromium()) return findChromium();
  console.log('fitbench: installing Debian chromium for the browser tests (apt-get install chromium)…');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const prefix = isRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => {
    const [cmd, ...rest] = [...prefix, 'apt-get', ...args];
    return spawnSync(cmd, rest, { stdio: 'inherit', env }).status === 0;
  };
  if (!apt(['install', '-y', '--no-install-recommends', 'chromium'])) {
    apt(['update']);
    apt(['install', '-y', '--no-install-recommends', 'chromium']);
  }
  const found = findChromium();
  if (!found) {
    console.error(
      'fitbench: chromium is needed for the browser tests and could not be installed.\n' +
        '  Install it with `apt-get install -y chromium` (as root), or set CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  return found;
}
