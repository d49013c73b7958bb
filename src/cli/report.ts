/** The CLI's two outputs: one JSON object (--json) or a readable report. */
import type { PoissonFacts } from '../fit/poissonMle';
import type { DerivedQuantity } from '../fit/derived';
import { visibleText } from '../data/visibleText';
import type { ProfileResult } from '../fit/profileFit';
import type { FitResult } from '../fit/types';
import type { AutoStartResult } from '../start/index';
import type { VarproPhase } from '../start/varpro';
import type { ComparedFit } from './compareModel';
import { modelComparisonJson, modelComparisonText } from './compareReport';

export interface RunFacts {
  readonly file: string;
  readonly model: string;
  readonly rows: number;
  /** Rows --where left out, and rows --exclude-rows took out of those left (0 without them). */
  readonly filteredRows?: number;
  readonly excludedRows?: number;
  readonly y: string;
  readonly sigma: string | null;
  readonly backend: string;
  readonly parseMs: number;
  /** Threads that parsed the file (parallelRead.ts; absent: one). */
  readonly parseThreads?: number;
  readonly fitMs: number;
  /** Worker threads that ran the float64 passes (0: this thread). */
  readonly workers?: number;
  readonly notes: readonly string[];
  /** The automatic start search, when one ran (a parameter had no --p0, or --starts was given). */
  readonly autoStart?: AutoStartResult | null;
  /** --varpro: the reduced (linear parameters eliminated) fit that ran before the full one. */
  readonly varpro?: VarproPhase | null;
  /** --tie and --derive: the tied parameters (tied: true) and derived quantities, delta-method errors. */
  readonly derived?: readonly (DerivedQuantity & { readonly tied: boolean })[];
  /** --mle poisson: the Cash statistic, the deviance and the reweighting rounds (IRLS), and the
   *  likelihood's statistics as R's glm reports them (src/stats/poissonGoodness.ts). */
  readonly poisson?: PoissonFactsJson | null;
  /** --checkpoint: where the state was saved, how often, the time it took, and what was resumed. */
  readonly checkpoint?: { readonly file: string; readonly saves: number; readonly saveMs: number; readonly resumed: { readonly nit: number; readonly nfev: number } | null } | null;
  /** --compare-model: the second model's fit and the comparison (compareReport.ts). */
  readonly modelComparison?: ComparedFit | null;
  /** --memory-limit: the budget, and whether the columns were held in memory or streamed from a temporary file. */
  readonly memory?: MemoryFacts | null;
}

/** How the rows were held (issue 12): in memory, or streamed in chunks from a temporary file. */
export interface MemoryFacts {
  /** The budget in bytes (--memory-limit, else half of the machine's memory). */
  readonly limit: number;
  readonly mode: 'memory' | 'stream';
  /** Bytes an in-memory fit was estimated to hold (null for a file of one piece, not sized up). */
  readonly estimateBytes: number | null;
  /** stream: rows per chunk, chunks, the temporary file's bytes and the passes over it; null / 0 in memory. */
  readonly chunkRows: number | null;
  readonly chunks: number | null;
  readonly tempBytes: number;
  readonly passes: number;
}

/** A Poisson fit's facts, every statistic present (the CLI computes them all). */
export type PoissonFactsJson = Required<PoissonFacts>;

/** poisson in the JSON (fields only added: cash, deviance, rounds, converged came first). */
function poissonJson(p: PoissonFactsJson | null | undefined) {
  if (!p) return null;
  return { ...p, pearsonChi2: finite(p.pearsonChi2), dispersion: finite(p.dispersion), logLik: finite(p.logLik), aic: finite(p.aic), aicc: finite(p.aicc), bic: finite(p.bic) };
}

/**
 * The goodness-of-fit lines of the text report. A Poisson fit has the likelihood's statistics
 * (R's glm); the least-squares ones (Sy.x, R², the Gaussian AICs) mean nothing there and the χ²
 * of its last reweighted round is Pearson's, so it is named so.
 */
function goodnessText(result: FitResult, facts: RunFacts): string[] {
  const s = result.stats;
  const p = facts.poisson;
  if (p) {
    return [
      `  deviance = ${num(p.deviance)} (minimised)   Pearson χ² = ${num(p.pearsonChi2)}   dispersion = ${num(p.dispersion)} (Pearson χ²/ν)   dof = ${s.dof}`,
      `  log-likelihood = ${num(p.logLik)}   AIC = ${num(p.aic)}   AICc = ${num(p.aicc)}   BIC = ${num(p.bic)} (R's glm: Poisson log-likelihood, k = ${s.freeParameters})   RMSE = ${num(s.rmse)} (÷n)`,
    ];
  }
  return [
    `  χ² = ${num(s.chi2)}   reduced χ² = ${num(s.redchi2)}   R² = ${num(s.r2, 8)}   adj. R² = ${num(s.adjR2, 8)}`,
    `  Sy.x = ${num(s.syx ?? NaN)} (÷(n−k))   RMSE = ${num(s.rmse)} (÷n)   dof = ${s.dof}   cost = ${num(result.cost)}`,
    `  AIC = ${num(s.aic)}   BIC = ${num(s.bic)} (lmfit's: no constant)   AIC(R) = ${num(s.aicR ?? NaN)}   BIC(R) = ${num(s.bicR ?? NaN)}   AICc = ${num(s.aicc ?? NaN)} (R's: log-likelihood, σ counted)`,
  ];
}

/** autoStart in the JSON: null when every start was given and no --starts asked for a search. */
function autoStartJson(a: AutoStartResult | null | undefined) {
  if (!a) return null;
  return {
    candidates: a.candidates,
    refined: a.refined,
    sameMinimum: a.sameMinimum,
    evaluated: a.evaluated,
    linear: a.linear,
    searched: a.searched,
    seed: a.seed,
    workers: a.workers,
    scoredRows: a.scoredRows,
    start: Object.fromEntries(Object.entries(a.start).map(([k, v]) => [k, finite(v)])),
    others: a.others.map((o) => ({ cost: o.cost, params: Object.fromEntries(Object.entries(o.values).map(([k, v]) => [k, finite(v)])) })),
  };
}

/** varpro in the JSON: null without --varpro. */
function varproJson(v: VarproPhase | null | undefined) {
  if (!v) return null;
  return {
    linear: v.linear,
    nonlinear: v.nonlinear,
    nfev: v.nfev,
    njev: v.njev,
    nit: v.nit,
    cost: finite(v.cost),
    status: v.status,
    message: v.message,
    start: Object.fromEntries(Object.entries(v.start).map(([k, x]) => [k, finite(x)])),
  };
}

/** JSON has no Infinity or NaN: write them as null (documented in the README). */
const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** The reported interval of each parameter: profile ends where profiled (null: unbounded), else Wald. */
function intervals(result: FitResult, profile: ProfileResult | null): Record<string, [number | null, number | null]> {
  return Object.fromEntries(
    result.parameters.map((p) => {
      const pr = profile?.profiles.find((q) => q.name === p.name);
      if (pr) return [p.name, [pr.lower, pr.upper]];
      return [p.name, [finite(p.ciLower), finite(p.ciUpper)]];
    }),
  );
}

/** The residual diagnostics with non-finite numbers as null; null when they were not computed. */
function diagnosticsJson(result: FitResult) {
  const d = result.diagnostics;
  if (!d) return null;
  const clean = <T extends object>(o: T | null) => (o ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'number' ? finite(v) : v])) : null);
  return { order: d.order, runs: clean(d.runs), normality: clean(d.normality), durbinWatson: finite(d.durbinWatson), replicates: clean(d.replicates) };
}

export function jsonReport(result: FitResult, facts: RunFacts, profile: ProfileResult | null = null): string {
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
    tvalue: byName((p) => (p.fixed ? NaN : (p.tStat ?? NaN))),
    pvalue: byName((p) => (p.fixed ? NaN : (p.pValue ?? NaN))),
    // What tvalue, pvalue and ci are referred to: "t" (Student's t, n − k dof) or "z" (the normal, a Poisson likelihood fit).
    statistic: result.statistic ?? 't',
    percentError: byName((p) => (p.fixed ? NaN : (p.percentError ?? NaN))),
    ci: intervals(result, profile),
    weighting: result.weighting ?? null,
    ciMethod: profile ? 'profile' : 'wald',
    // With --ci profile: each free parameter's profile t curve, [[value, tau], …] sorted by value (to plot).
    ...(profile ? { profiles: Object.fromEntries(profile.profiles.map((q) => [q.name, q.points.map((pt) => [pt.value, pt.tau])])) } : {}),
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
    syx: finite(s.syx ?? NaN),
    aic: s.aic,
    bic: s.bic,
    aicR: finite(s.aicR ?? NaN),
    bicR: finite(s.bicR ?? NaN),
    aicc: finite(s.aicc ?? NaN),
    logLik: finite(s.logLik ?? NaN),
    dof: s.dof,
    n: s.points,
    diagnostics: diagnosticsJson(result),
    nfev: result.nfev,
    njev: result.njev,
    nit: result.nit,
    backend: facts.backend,
    phases: result.phases.map((p) => ({ role: p.role, backend: p.backend, linearization: p.linearization, nfev: p.nfev, nit: p.nit, status: p.status, lost: p.lost ?? false })),
    warnings: [...facts.notes, ...result.warnings, ...(profile?.warnings ?? [])],
    timing: { parseMs: facts.parseMs, fitMs: facts.fitMs, parseThreads: facts.parseThreads ?? 1 },
    // After a GPU main phase: the float64 passes over the rows that followed it (fit/gpuFinish.ts).
    gpu: result.gpuFinish
      ? { float64Passes: result.gpuFinish.float64Passes, passes: result.gpuFinish.passes, finish: result.gpuFinish.path, valuesFused: result.gpuFinish.valuesFused, finishMs: result.gpuFinish.finishMs }
      : null,
    workers: facts.workers ?? 0,
    filteredRows: facts.filteredRows ?? 0,
    excludedRows: facts.excludedRows ?? 0,
    autoStart: autoStartJson(facts.autoStart),
    varpro: varproJson(facts.varpro),
    checkpoint: facts.checkpoint ?? null,
    objective: facts.poisson ? 'poisson' : 'least-squares',
    poisson: poissonJson(facts.poisson),
    derived: Object.fromEntries(
      (facts.derived ?? []).map((d) => [d.name, { value: finite(d.value), stderr: finite(d.stderr), ci: Number.isFinite(d.stderr) ? [d.ciLower, d.ciUpper] : null, expression: d.expression, tied: d.tied, ...(d.note ? { note: d.note } : {}) }]),
    ),
    modelComparison: modelComparisonJson(result, facts.modelComparison),
    memory: facts.memory ?? null,
  });
}

const num = (v: number, digits = 7) => (Number.isFinite(v) ? (v === 0 ? '0' : Math.abs(v) >= 1e-3 && Math.abs(v) < 1e7 ? v.toPrecision(digits) : v.toExponential(digits - 1)) : String(v));

/** " (3 filtered out, 1 excluded)" when --where or --exclude-rows took rows out. */
function leftOut(facts: RunFacts): string {
  const parts = [facts.filteredRows ? `${facts.filteredRows} filtered out` : '', facts.excludedRows ? `${facts.excludedRows} excluded` : ''].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** One line of residual diagnostics (p values), and the replicates test where x repeats. */
function diagnosticsText(result: FitResult): string[] {
  const d = result.diagnostics;
  if (!d) return [];
  const norm = d.normality ? `normality (D'Agostino–Pearson) K² = ${num(d.normality.k2, 4)}, p = ${num(d.normality.p, 3)}` : 'normality: n < 8';
  const lines = [`  runs ${d.runs.runs} (expected ${num(d.runs.expected, 4)}), p = ${num(d.runs.p, 3)}   ${norm}   Durbin–Watson = ${num(d.durbinWatson, 4)}`];
  const r = d.replicates;
  if (r) lines.push(`  replicates test: lack of fit F(${r.dfLackOfFit}, ${r.dfPureError}) = ${num(r.F, 4)}, p = ${num(r.p, 3)}`);
  return lines;
}

export function textReport(result: FitResult, facts: RunFacts, profile: ProfileResult | null = null): string {
  const head = result.success ? 'Converged' : 'Did not converge';
  const ci = intervals(result, profile);
  const end = (v: number | null, side: string) => (v === null ? side : num(v, 6));
  const rows = result.parameters.map((p) => [
    p.name,
    num(p.value, 10),
    p.fixed ? '(fixed)' : num(p.stderr, 4),
    p.fixed ? '' : num(p.tStat ?? NaN, 4),
    p.fixed ? '' : num(p.pValue ?? NaN, 3),
    p.fixed ? '' : `[${end(ci[p.name][0], '-inf')}, ${end(ci[p.name][1], 'inf')}]`,
    p.atBound === -1 ? 'at lower bound' : p.atBound === 1 ? 'at upper bound' : '',
  ]);
  const header = ['parameter', 'value', 'std. error', result.statistic ?? 't', 'p', `${Math.round(result.confidenceLevel * 100)}% ${profile ? 'profile ' : ''}interval`, ''];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => '  ' + cells.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd();
  const phases = result.phases.map((p) => `${p.role} ${p.backend}/${p.linearization} (${p.nit} it${p.lost ? ', lost' : ''})`).join(' → ');
  // File and column names may hold bidi or control characters: escaped (visibleText.ts).
  return visibleText([
    `fitbench: ${facts.file}, ${facts.rows} rows${leftOut(facts)}, y = ${facts.y}${facts.sigma ? `, sigma = ${facts.sigma}` : ''}`,
    `model: ${facts.model}${result.weighting ? `; ${result.weighting}` : ''}`,
    `${head}: ${result.message} (status ${result.status})`,
    '',
    line(header),
    ...rows.map(line),
    '',
    ...goodnessText(result, facts),
    ...diagnosticsText(result),
    `  nfev ${result.nfev}, njev ${result.njev}, backend ${facts.backend}: ${phases}${result.gpuFinish ? `; ${result.gpuFinish.float64Passes} float64 passes after the GPU` : ''}`,
    ...(facts.autoStart
      ? [
          `  auto start: ${facts.autoStart.candidates} candidates, ${facts.autoStart.refined} refined, ${facts.autoStart.sameMinimum} reached this minimum` +
            (facts.autoStart.others.length ? `; next-best cost ${facts.autoStart.others.map((o) => num(o.cost, 5)).join(', ')}` : ''),
        ]
      : []),
    ...(facts.varpro
      ? [
          `  varpro: ${facts.varpro.nonlinear.join(', ') || 'no nonlinear parameters'} fitted with ${facts.varpro.linear.join(', ') || 'nothing'} eliminated ` +
            `(${facts.varpro.nit} it, ${facts.varpro.nfev} evaluations, cost ${num(facts.varpro.cost)}), then the full fit from there`,
        ]
      : []),
    ...(facts.poisson
      ? [`  Poisson maximum likelihood: Cash C = ${num(facts.poisson.cash)}, deviance ${num(facts.poisson.deviance)} (${facts.poisson.rounds} reweighting rounds${facts.poisson.converged ? '' : ', not converged'}); errors from the Fisher information`]
      : []),
    ...(facts.derived?.length
      ? [
          '  derived (delta method):',
          ...facts.derived.map((d) => (d.note ? `    ${d.name}: ${d.note}` : `    ${d.name} = ${num(d.value)} ± ${Number.isFinite(d.stderr) ? num(d.stderr, 3) : 'undetermined'}   (${d.tied ? 'tied: ' : ''}${d.expression})`)),
        ]
      : []),
    ...modelComparisonText(facts.modelComparison),
    ...(facts.checkpoint
      ? [
          `  checkpoint ${facts.checkpoint.file}: ${facts.checkpoint.saves} save${facts.checkpoint.saves === 1 ? '' : 's'} (${facts.checkpoint.saveMs.toFixed(1)} ms)` +
            (facts.checkpoint.resumed ? `, resumed after iteration ${facts.checkpoint.resumed.nit} (${facts.checkpoint.resumed.nfev} evaluations)` : ''),
        ]
      : []),
    ...(facts.memory?.mode === 'stream'
      ? [
          `  streamed: ${facts.memory.chunks} chunk${facts.memory.chunks === 1 ? '' : 's'} of ${facts.memory.chunkRows} rows from a ${(facts.memory.tempBytes / 1024 ** 2).toFixed(0)} MiB temporary file, ${facts.memory.passes} passes ` +
            `(--memory-limit ${(facts.memory.limit / 1024 ** 2).toFixed(0)} MiB; in memory about ${((facts.memory.estimateBytes ?? 0) / 1024 ** 2).toFixed(0)} MiB)`,
        ]
      : []),
    `  parse ${facts.parseMs.toFixed(1)} ms, fit ${facts.fitMs.toFixed(1)} ms`,
    ...[...facts.notes, ...result.warnings, ...(profile?.warnings ?? [])].map((w) => `warning: ${w}`),
  ].join('\n'));
}
