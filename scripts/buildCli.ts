/** `npx tsx scripts/buildCli.ts [DIR]`: writes the one-file CLI (scripts/cliBundle.mjs) to DIR/fitbench.mjs (default dist/). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildCliBundle, CLI_FILE } from './cliBundle.mjs';

const root = join(import.meta.dirname, '..');
const dir = resolve(process.argv[2] ?? join(root, 'dist'));
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, CLI_FILE), await buildCliBundle(root), { mode: 0o755 });
console.log(`Wrote ${join(dir, CLI_FILE)}`);
