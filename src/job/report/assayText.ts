/**
 * The assay lines of a fit's text report (issue 26; their JSON: assayJson.ts): ROUT's outliers,
 * the bootstrap intervals, the unknowns' table, the predictions' table.
 */
import type { AssayOutcome } from '../steps/assay';
import type { GroupAssay } from '../steps/groupAssay';
import { num as groupNum, textTable } from './textTable';
import { leadingIntervals } from '../../fit/bootstrap';

/** groupNum, with a dash for a missing or non-finite number. */
const num = (v: number | null, digits = 6) => (v === null || !Number.isFinite(v) ? '—' : groupNum(v, digits));

const table = (header: string[], rows: string[][]): string[] => textTable(header, rows, { indent: '    ' });

export function assayText(a: AssayOutcome | null | undefined, level = 95): string[] {
  if (!a) return [];
  const lines: string[] = [];
  const o = a.outliers;
  if (o) {
    lines.push(
      o.indices.length === 0
        ? `  ROUT (Q = ${o.q * 100}%): no outliers (RSDR ${num(o.rsdr, 4)})`
        : `  ROUT (Q = ${o.q * 100}%): ${o.indices.length} outlier${o.indices.length === 1 ? '' : 's'} left out of the fit, line${o.indices.length === 1 ? '' : 's'} ${o.rows.join(', ')} (RSDR ${num(o.rsdr, 4)})`,
    );
  }
  const b = a.bootstrap;
  if (b) {
    lines.push(`  bootstrap (${b.kind} resampling, ${b.resamples} resamples, seed ${b.seed}${b.failed ? `, ${b.failed} refits failed and left out` : ''}): ${level}% ${b.interval === 'bca' ? 'BCa' : b.interval} intervals`);
    lines.push(...Object.entries(leadingIntervals(b)).map(([name, [lo, hi]]) => `    ${name}: [${num(lo)}, ${num(hi)}]`));
  }
  if (a.interpolated) {
    lines.push(`  unknowns read off the curve (${level}% inverse-prediction intervals):`);
    lines.push(...table(['line', 'sample', 'n', 'y', 'x', 'lower', 'upper', 'status'], a.interpolated.map((u) => [String(u.row), u.sample ?? '', String(u.n), num(u.y), num(u.x), num(u.lower), num(u.upper), u.status])));
  }
  if (a.predicted) {
    lines.push(`  predictions (${level}% confidence and prediction intervals):`);
    // An ODE model's predictions name their response (x is then the time).
    const named = a.predicted.some((p) => p.response !== undefined);
    const head = named ? ['response', 'time', 'value'] : ['x', 'y'];
    lines.push(...table([...head, 'conf. lower', 'conf. upper', 'pred. lower', 'pred. upper'], a.predicted.map((p) => [...(named ? [p.response ?? ''] : []), num(p.x), num(p.y), num(p.confLower), num(p.confUpper), num(p.predLower), num(p.predUpper)])));
  }
  return lines;
}

/** Per group: its ROUT outliers, bootstrap intervals and its unknowns' and predictions' tables under the group's key. */
export function groupAssayText(assay: readonly GroupAssay[] | null): string[] {
  if (!assay) return [];
  return assay.flatMap((g) => (g.interpolated || g.predicted || g.bootstrap || g.outliers ? [`group ${g.key}:`, ...assayText({ ...g, outliers: g.outliers ?? null })] : []));
}
