/**
 * Starts of initial-value parameters of an ODE model (issue 23): a parameter P that is exactly
 * X(t0) (`X(t0) = P`) of a state observed as `COL ~ c·X` starts from that column's observations
 * nearest t0 divided by c: the mean of the replicates at the first time when it is t0, else a
 * straight line through the means at the first two times, extrapolated to t0 (the first mean
 * itself when the line would change the sign, since a concentration or count rarely does).
 */
import type { OdeModelSpec } from '../../model/statements';
import type { StackedRows } from '../../fit/ode/observations';
import { observedStates } from './odeScales';

/** The observation's mean y at its first two distinct times (rows are time-sorted per observation). */
function firstMeans(rows: StackedRows, c: number): { t: number; y: number }[] {
  const out: { t: number; y: number; n: number }[] = [];
  for (let i = rows.start[c]; i < rows.start[c + 1]; i++) {
    if (!Number.isFinite(rows.y[i])) continue;
    const t = rows.times[rows.at[i]];
    const last = out[out.length - 1];
    if (last && last.t === t) {
      last.y += rows.y[i];
      last.n++;
    } else if (out.length === 2) break;
    else out.push({ t, y: rows.y[i], n: 1 });
  }
  return out.map((p) => ({ t: p.t, y: p.y / p.n }));
}

/** Parameter index → start, for the parameters that are an observed state's initial value. */
export function observedInitialValues(spec: OdeModelSpec, rows: StackedRows): Map<number, number> {
  const out = new Map<number, number>();
  const seen = observedStates(spec);
  for (const s of spec.states) {
    const o = seen.get(s.name);
    if (!o || s.initial.kind !== 'ident' || s.initial.role !== 'param') continue;
    const p = spec.params.indexOf(s.initial.name);
    if (p < 0 || out.has(p)) continue;
    const first = firstMeans(rows, o.observation);
    if (first.length === 0) continue;
    let y = first[0].y;
    if (first.length === 2 && first[0].t !== spec.t0) {
      const line = first[0].y + ((spec.t0 - first[0].t) * (first[1].y - first[0].y)) / (first[1].t - first[0].t);
      if (Math.sign(line) === Math.sign(first[0].y)) y = line;
    }
    out.set(p, y / o.factor);
  }
  return out;
}
