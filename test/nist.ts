/**
 * The NIST StRD nonlinear regression suite (fixtures/nist, from ../shared/nist) for tests and
 * benchmarks, with the data's decimal text kept: value = hi + lo exactly to ~30 digits, so that
 * near-exact fits (Lanczos1) can be scored against certified values computed in 128-bit.
 */
import { readFileSync } from 'node:fs';
import { decimalResidual } from '../src/data/decimalResidual';

export interface NistProblem {
  name: string;
  difficulty: 'lower' | 'average' | 'higher';
  model: string;
  params: string[];
  start1: number[];
  start2: number[];
  certified: { values: number[]; std_errors: number[]; rss: number; residual_sd: number; dof: number };
  response_transform?: 'log';
  /** Variable columns by name (x, or x1 and x2 for Nelson). */
  columns: Record<string, { hi: Float64Array; lo: Float64Array }>;
  y: { hi: Float64Array; lo: Float64Array | null };
}

const path = new URL('../fixtures/nist/nist_strd.json', import.meta.url);

/** Number lexemes of the arrays named `key` inside each problem, in file order. */
function decimalArrays(text: string): Map<string, Record<string, string[]>> {
  const out = new Map<string, Record<string, string[]>>();
  let current: Record<string, string[]> | null = null;
  const token = /"name": "([^"]+)"|"(x|y|x1|x2)": \[([^\]]*)\]/g;
  for (let m = token.exec(text); m; m = token.exec(text)) {
    if (m[1]) {
      current = {};
      out.set(m[1], current);
    } else if (current) {
      current[m[2]] = m[3].split(',').map((s) => s.trim());
    }
  }
  return out;
}

function column(decimals: string[]): { hi: Float64Array; lo: Float64Array } {
  const hi = Float64Array.from(decimals, Number);
  const lo = Float64Array.from(decimals, (s, i) => decimalResidual(s, hi[i]));
  return { hi, lo };
}

export function loadNist(): NistProblem[] {
  const text = readFileSync(path, 'utf8');
  const raw = JSON.parse(text) as (Omit<NistProblem, 'columns' | 'y'> & Record<string, unknown>)[];
  const decimals = decimalArrays(text);
  return raw.map((p) => {
    const d = decimals.get(p.name);
    if (!d) throw new Error(`no data for ${p.name}`);
    const names = 'x1' in d ? ['x1', 'x2'] : ['x'];
    const columns = Object.fromEntries(names.map((n) => [n, column(d[n])]));
    const y = column(d.y);
    // Nelson's model is for log(y): the decimal residual no longer applies after the transform.
    const transformed = p.response_transform === 'log' ? { hi: y.hi.map(Math.log), lo: null } : y;
    return { ...p, columns, y: transformed } as NistProblem;
  });
}

/** Log relative error: digits of agreement, capped at 11 (the certified values' precision). */
export function lre(estimate: number, certified: number): number {
  if (estimate === certified) return 11;
  const rel = Math.abs(estimate - certified) / Math.abs(certified);
  return Number.isFinite(rel) ? Math.min(11, -Math.log10(rel)) : 0;
}
