/** The CLI's two outputs: one JSON object (--json) or a readable report. */
import type { FitResult } from '../fit/types';

export interface RunFacts {
  readonly file: string;
  readonly model: string;
  readonly rows: number;
  readonly y: string;
  readonly sigma: string | null;
  readonly backend: string;
  readonly parseMs: number;
  readonly fitMs: number;
  readonly notes: readonly string[];
}

/** JSON has no Infinity or NaN: write them as null (documented in the README). */
const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

export function jsonReport(result: FitResult, facts: RunFacts): string {
  const k = result.free.length;
  const byName = (pick: (p: FitResult['parameters'][number]) => number) =>
    Object.fromEntries(result.parameters.map((p) => [p.name, finite(pick(p))]));
  const matrix = (m: Float64Array) => Array.from({ length: k }, (_, i) => Array.from(m.subarray(i * k, i * k + k), finite));
  const s = result.stats;
  return JSON.stringify({
    success: result.success,
    status: result.status,
    message: result.message,
    params: byName((p) => p.value),
    stderr: byName((p) => p.stderr),
    ci: Object.fromEntries(result.parameters.map((p) => [p.name, [finite(p.ciLower), finite(p.ciUpper)]])),
    fixed: result.parameters.filter((p) => p.fixed).map((p) => p.name),
    free: result.free,
    pcov: matrix(result.pcov),
    correlation: matrix(result.correlation),
    cost: result.cost,
    rss: s.rss,
    chi2: s.chi2,
    redchi2: finite(s.redchi2),
    r2: finite(s.r2),
    adj_r2: finite(s.adjR2),
    rmse: s.rmse,
    aic: s.aic,
    bic: s.bic,
    dof: s.dof,
    n: s.points,
    nfev: result.nfev,
    njev: result.njev,
    nit: result.nit,
    backend: facts.backend,
    phases: result.phases.map((p) => ({ role: p.role, backend: p.backend, linearization: p.linearization, nfev: p.nfev, nit: p.nit, status: p.status, lost: p.lost ?? false })),
    warnings: [...facts.notes, ...result.warnings],
    timing: { parseMs: facts.parseMs, fitMs: facts.fitMs },
  });
}

const num = (v: number, digits = 7) => (Number.isFinite(v) ? (v === 0 ? '0' : Math.abs(v) >= 1e-3 && Math.abs(v) < 1e7 ? v.toPrecision(digits) : v.toExponential(digits - 1)) : String(v));

export function textReport(result: FitResult, facts: RunFacts): string {
  const s = result.stats;
  const head = result.success ? 'Converged' : 'Did not converge';
  const rows = result.parameters.map((p) => [
    p.name,
    num(p.value, 10),
    p.fixed ? '(fixed)' : num(p.stderr, 4),
    p.fixed ? '' : `[${num(p.ciLower, 6)}, ${num(p.ciUpper, 6)}]`,
    p.atBound === -1 ? 'at lower bound' : p.atBound === 1 ? 'at upper bound' : '',
  ]);
  const header = ['parameter', 'value', 'std. error', `${Math.round(result.confidenceLevel * 100)}% interval`, ''];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => '  ' + cells.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd();
  const phases = result.phases.map((p) => `${p.role} ${p.backend}/${p.linearization} (${p.nit} it${p.lost ? ', lost' : ''})`).join(' → ');
  return [
    `fitbench: ${facts.file}, ${facts.rows} rows, y = ${facts.y}${facts.sigma ? `, sigma = ${facts.sigma}` : ''}`,
    `model: ${facts.model}`,
    `${head}: ${result.message} (status ${result.status})`,
    '',
    line(header),
    ...rows.map(line),
    '',
    `  χ² = ${num(s.chi2)}   reduced χ² = ${num(s.redchi2)}   R² = ${num(s.r2, 8)}   adj. R² = ${num(s.adjR2, 8)}`,
    `  RMSE = ${num(s.rmse)}   AIC = ${num(s.aic)}   BIC = ${num(s.bic)}   dof = ${s.dof}   cost = ${num(result.cost)}`,
    `  nfev ${result.nfev}, njev ${result.njev}, backend ${facts.backend}: ${phases}`,
    `  parse ${facts.parseMs.toFixed(1)} ms, fit ${facts.fitMs.toFixed(1)} ms`,
    ...[...facts.notes, ...result.warnings].map((w) => `warning: ${w}`),
  ].join('\n');
}
