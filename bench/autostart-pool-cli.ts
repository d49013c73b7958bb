/**
 * Writes the NIST problems of bench/autostart-pool.ts as CSVs with their models for
 * bench/autostart-pool-cli.sh, which times the one-file CLI's start search in one thread
 * (--workers 0) and on all cores, on a machine without Node's toolchain (the device tool's GPU host).
 *
 * Run: npx tsx bench/autostart-pool-cli.ts DIR
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNist } from '../test/nist';

const dir = process.argv[2] ?? '.gpu/starts';
mkdirSync(dir, { recursive: true });
const lines: string[] = [];
for (const name of ['MGH17', 'Gauss1', 'Lanczos3']) {
  const p = loadNist().find((q) => q.name === name)!;
  const x = p.columns.x.hi;
  writeFileSync(join(dir, `${name}.csv`), 'x,y\n' + Array.from(x, (v, i) => `${v},${p.y.hi[i]}`).join('\n') + '\n');
  lines.push(`${name}\t${p.model}`);
}
writeFileSync(join(dir, 'models.tsv'), lines.join('\n') + '\n');
