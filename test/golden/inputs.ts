/**
 * The data files of the CLI golden comparison (cases.ts), written into one folder so that every
 * invocation names its files relatively and the output holds no machine path: copies of fixtures/,
 * the NIST StRD problems (test/nist.ts) as CSV, and seeded synthetic files at small sizes of the
 * bench inputs (a 4PL plate as bench/batch.ts, a 300 000-row decay as streaming.test.ts).
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plate4pl } from '../batchGroups';
import { loadNist } from '../nist';
import { normal, rng } from '../random';

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));

/** The NIST problems the cases fit (their CSV is `nist-NAME.csv`, columns x (x1, x2) and y). */
export const NIST = ['Misra1a', 'MGH09', 'Thurber', 'BoxBOD', 'Lanczos1', 'Eckerle4', 'Nelson', 'Rat43', 'DanWood'] as const;

function csv(dir: string, name: string, header: string, rows: readonly (readonly (number | string)[])[]): void {
  writeFileSync(join(dir, name), header + '\n' + rows.map((r) => r.join(',')).join('\n') + '\n');
}

export function writeInputs(dir: string): void {
  for (const f of ['datain/decay.csv', 'datain/id_first.csv', 'datain/tree_growth.csv', 'groups/puromycin.csv', 'groups/dnase.csv', 'groups/dnase_wide.csv', 'groups/theoph.csv', 'profile/misra1a.csv', 'profile/thurber.csv']) {
    copyFileSync(join(FIXTURES, f), join(dir, f.split('/')[1]));
  }
  for (const p of loadNist()) {
    if (!(NIST as readonly string[]).includes(p.name)) continue;
    const names = Object.keys(p.columns);
    const cols = names.map((n) => p.columns[n].hi);
    // Nelson's model is for log(y) (its response_transform).
    const y = (v: number) => (p.response_transform === 'log' ? Math.log(v) : v);
    csv(dir, `nist-${p.name}.csv`, [...names, 'y'].join(','), Array.from(p.y.hi, (v, i) => [...cols.map((c) => c[i]), y(v)]));
  }
  // Exact and lightly noisy single curves (cli.test.ts's shapes).
  const xs = Array.from({ length: 40 }, (_, i) => i * 0.25);
  csv(dir, 'exact.csv', 'x,y', xs.map((x) => [x, 3 * Math.exp(-x / 2) + 0.5]));
  const r = rng(7);
  csv(dir, 'noisy.csv', 'x,y,s', xs.map((x) => [x, 3 * Math.exp(-x / 2) + 0.5 + 0.02 * normal(r), 0.02]));
  const t = Array.from({ length: 200 }, (_, i) => i * 0.05);
  csv(dir, 'wave.csv', 'x,y', t.map((x) => [x, 2.5 * Math.exp(-0.02 * x) * Math.cos(2 * x) + 0.01 * normal(r)]));
  // Counts for the Poisson likelihood (fixtures/poisson/poisson.json).
  const counts = JSON.parse(readFileSync(join(FIXTURES, 'poisson/poisson.json'), 'utf8')) as { t: number[]; y: number[] };
  csv(dir, 'counts.csv', 't,y', counts.t.map((x, i) => [x, counts.y[i]]));
  // A 4PL plate of 60 wells (bench/batch.ts's shape at a small size), long format.
  const plate = plate4pl(60, 11);
  csv(dir, 'plate.csv', 'well,dose,signal', plate.groups.flatMap((g) => Array.from(g.data.y, (y, i) => [g.key.replace(' ', ''), g.data.vars[0][i], y])));
  // 300 000 rows with σ per row: ≈ 17 MB in memory, streamed under --memory-limit 16M.
  const s = rng(21);
  const big: string[] = ['x,y,s'];
  for (let i = 0; i < 300_000; i++) {
    const x = Math.floor(i / 3) * 1e-4;
    const sd = 0.01 + 0.01 * s();
    big.push(`${x},${2 * Math.exp(-x / 5) + 0.3 + sd * normal(s)},${sd}`);
  }
  writeFileSync(join(dir, 'big.csv'), big.join('\n') + '\n');
  writeFileSync(join(dir, 'bad.csv'), 'x,y\n# a comment\n1,2\n2,abc\n3,4\n');
  writeFileSync(join(dir, 'short.csv'), 'x,y\n1,2\n2,3\n');
  writeFileSync(join(dir, 'empty.csv'), '');
}
