/**
 * A fit's report as one JSON object: the CLI's --json (its contract is the README's), and what
 * the programmatic API returns (src/api.ts). JSON has no Infinity or NaN: they are written as null.
 */
import { modelComparisonJson as comparisonJson } from '../../fit/compare/comparisonJson';
import type { ProfileResult } from '../../fit/profileFit';
import type { OdeFacts } from '../../fit/ode';
import type { FitResult } from '../../fit/types';
import type { AutoStartResult } from '../../start/index';
import type { VarproPhase } from '../../start/varpro';
import type { ComparedFit, PoissonFactsJson, RunFacts } from './facts';

function modelComparisonJson(first: FitResult, compared: ComparedFit | null | undefined) {
  return compared ? comparisonJson(first, compared.result, compared.comparison) : null;
}

/** poisson in the JSON (fields only added: cash, deviance, rounds, converged came first). */
function poissonJson(p: PoissonFactsJson | null | undefined) {
  if (!p) return null;
  return { ...p, pearsonChi2: finite(p.pearsonChi2), dispersion: finite(p.dispersion), logLik: finite(p.logLik), aic: finite(p.aic), aicc: finite(p.aicc), bic: finite(p.bic) };
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

/** ode in the JSON (an ODE model's fit only; absent otherwise): the integration and each response's RSS, χ² and R². */
function odeJson(o: OdeFacts) {
  return {
    method: o.method,
    rtol: o.rtol,
    atol: o.atol,
    steps: o.steps,
    evaluations: o.fevals,
    integrations: o.integrations,
    failedIntegrations: o.failures,
    times: o.times,
    responses: Object.fromEntries(o.responses.map((r) => [r.column, { n: r.n, rss: r.rss, chi2: r.chi2, r2: finite(r.r2) }])),
  };
}

/** JSON has no Infinity or NaN: write them as null (documented in the README). */
export const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** The reported interval of each parameter: profile ends where profiled (null: unbounded), else Wald. */
export function intervals(result: FitResult, profile: ProfileResult | null): Record<string, [number | null, number | null]> {
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
  return JSON.stringify(fitReport(result, facts, profile));
}

/** The report object (jsonReport's, before JSON.stringify). */
export function fitReport(result: FitResult, facts: RunFacts, profile: ProfileResult | null = null) {
  const k = result.free.length;
  const byName = (pick: (p: FitResult['parameters'][number]) => number) =>
    Object.fromEntries(result.parameters.map((p) => [p.name, finite(pick(p))]));
  const matrix = (m: Float64Array) => Array.from({ length: k }, (_, i) => Array.from(m.subarray(i * k, i * k + k), finite));
  const s = result.stats;
  return {
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
    ...(facts.ode ? { ode: odeJson(facts.ode) } : {}),
    ...(facts.odrJson ? { odr: facts.odrJson } : {}),
  };
}

