/**
 * A fit's report as readable text: the same facts as its JSON (json.ts), laid out for a terminal
 * (the CLI's output without --json) or any page that shows a fit as plain text. The goodness
 * lines follow lmfit's and R's names for the same statistics.
 */
import { visibleText } from '../../data/visibleText';
import type { ProfileResult } from '../../fit/profileFit';
import type { OdeFacts } from '../../fit/ode';
import type { FitResult } from '../../fit/types';
import type { RunFacts } from './facts';
import { intervals } from './json';
import { modelComparisonText } from './compareText';
import { assayText } from './assayText';
import { num as groupNum, textTable } from './textTable';

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

/** Seven significant digits unless told (a group row's table prints six). */
const num = (v: number, digits = 7) => groupNum(v, digits);

/** An ODE model's integration and each response's fit (the JSON's ode object). */
function odeText(o: OdeFacts): string[] {
  return [
    `  ODE: ${o.method}, rtol ${o.rtol}, atol ${o.atol}; ${o.integrations} integrations over ${o.times} times (${o.failures} failed), ${o.steps} steps, ${o.fevals} evaluations`,
    ...o.responses.map((r) => `    ${r.column}: ${r.n} points, RSS = ${num(r.rss)}, R² = ${num(r.r2, 8)}`),
  ];
}

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
  const phases = result.phases.map((p) => `${p.role} ${p.backend}/${p.linearization} (${p.nit} it${p.lost ? ', lost' : ''})`).join(' → ');
  // File and column names may hold bidi or control characters: escaped (visibleText.ts).
  return visibleText([
    `fitbench: ${facts.file}, ${facts.rows} rows${leftOut(facts)}, y = ${facts.y}${facts.sigma ? `, sigma = ${facts.sigma}` : ''}`,
    `model: ${facts.model}${result.weighting ? `; ${result.weighting}` : ''}`,
    `${head}: ${result.message} (status ${result.status})`,
    '',
    ...textTable(header, rows, { indent: '  ' }),
    '',
    ...goodnessText(result, facts),
    ...diagnosticsText(result),
    `  nfev ${result.nfev}, njev ${result.njev}, backend ${facts.backend}: ${phases}${result.gpuFinish ? `; ${result.gpuFinish.float64Passes} float64 passes after the GPU` : ''}`,
    ...(facts.ode ? odeText(facts.ode) : []),
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
    ...assayText(facts.assay, Math.round(result.confidenceLevel * 100)),
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
