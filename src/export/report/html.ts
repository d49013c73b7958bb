/**
 * The printable fit report: one standalone HTML page (inline CSS and SVG, no script, nothing to
 * fetch) with the data summary, the model and settings, the parameter table with errors and
 * intervals (Wald, and profile-likelihood where profiled), the goodness-of-fit statistics with
 * their conventions, the residual diagnostics in words with their plots, profile plots, derived
 * quantities and a model comparison where there are some (extras.ts), and the solver's account. The CLI (`--report FILE.html`) and the page (Export › Report) write it from
 * the same data (reportData.ts). Every number in a table cell also carries its full-precision
 * value in a data- attribute, so a reader (or a test) can check the page against the JSON.
 */
import type { ModelComparison } from '../../fit/compare/compareModels';
import type { DerivedQuantity } from '../../fit/derived';
import type { ProfileResult } from '../../fit/profileFit';
import type { FitResult, ParameterResult } from '../../fit/types';
import { diagnosticSentences } from '../../stats/diagnosticsWords';
import { profilePlotData } from '../../stats/profilePlot';
import { escapeHtml as esc, escapeWithCode } from './escape';
import { comparisonSection, derivedSection, tiesList } from './extras';
import { fitFigure, histogramFigure, profileFigure, qqFigure, residualFigure } from './figures';
import { attr, reportNumber as num, reportP } from './format';
import type { ReportData } from './reportData';
import type { PoissonGoodness } from '../../stats/poissonGoodness';
import { poissonStatRows } from '../../stats/poissonStatRows';
import { REPORT_CSS } from './style';
import { assaySection, type ReportAssay } from './assaySection';
import { odrSection, type ReportOdr } from './odrSection';

export interface FitReport {
  /** When the report was written (ISO 8601). */
  readonly generatedAt: string;
  /** The data file's name (or what the data were: "pasted data", a sample's name). */
  readonly file: string;
  /** Which fit this is, in words, when the data hold groups (the page's pooled fit, or one group
   *  opened from the fits of each group: state/fitScope.ts); absent: the fit of the rows. */
  readonly scope?: { readonly kind: string; readonly text: string; readonly name: string };
  readonly model: string;
  /** Rows filters and exclusions took out (0 without them). */
  readonly filteredRows?: number;
  readonly excludedRows?: number;
  readonly loss: string;
  readonly backend: string;
  readonly result: FitResult;
  readonly profile: ProfileResult | null;
  readonly data: ReportData;
  /** Notes beside the result's warnings (a backend fallback, a profile's warnings come from `profile`). */
  readonly notes?: readonly string[];
  /** Derived quantities (--derive, the page's card), and a comparison with a second model (extras.ts). */
  readonly derived?: readonly DerivedQuantity[];
  readonly comparison?: ModelComparison | null;
  /** A Poisson likelihood fit's statistics (src/stats/poissonGoodness.ts): they replace the
   *  least-squares ones, which mean nothing there. Fields may be absent in older saved fits. */
  readonly poisson?: Partial<PoissonGoodness> | null;
  /** The assay steps' results (issue 26: unknowns, predictions, ROUT; assaySection.ts); absent: none. */
  readonly assay?: ReportAssay | null;
  /** Errors in both variables (issue 24: β, sd_beta, the δ/ε split; odrSection.ts); absent: none. */
  readonly odr?: ReportOdr | null;
}

/** A section on its own line, or nothing (a report without it stays byte for byte as before). */
const lineOf = (section: string): string => (section ? `${section}\n` : '');

function verdictText(r: FitResult): string {
  if (r.status === -2) return 'Cancelled: the last accepted parameters';
  if (!r.success) return 'Did not converge';
  return r.undetermined && r.undetermined.length > 0 ? `Converged, but ${r.undetermined.join(' and ')} ${r.undetermined.length > 1 ? 'are' : 'is'} undetermined` : 'Converged';
}

function flags(p: ParameterResult): string {
  if (p.fixed) return 'fixed';
  if (p.atBound < 0) return 'at lower bound';
  if (p.atBound > 0) return 'at upper bound';
  if (!Number.isFinite(p.stderr)) return 'undetermined';
  return '';
}

const cell = (v: number | null | undefined, text: string, cls = 'num') => `<td class="${cls}" data-value="${attr(v)}">${esc(text)}</td>`;

function intervalCell(lo: number | null, hi: number | null, method: string): string {
  const text = lo === null && hi === null ? '—' : `[${lo === null ? '−∞' : num(lo)}, ${hi === null ? '∞' : num(hi)}]`;
  return `<td class="num interval" data-method="${method}" data-lower="${attr(lo)}" data-upper="${attr(hi)}">${esc(text)}</td>`;
}

function parameterTable(r: FitResult, profile: ProfileResult | null): string {
  const level = Math.round(r.confidenceLevel * 100);
  const stat = r.statistic ?? 't';
  const head = [
    `<th scope="col">Parameter</th><th scope="col">Value</th><th scope="col">Std. error</th><th scope="col">% error</th><th scope="col">${stat}</th><th scope="col">p</th>`,
    `<th scope="col">${level}% Wald interval<br><span class="note">value ± ${stat}·se</span></th>`,
    profile ? `<th scope="col">${level}% profile interval<br><span class="note">profile likelihood</span></th>` : '',
    '<th scope="col">Start</th><th scope="col">Notes</th>',
  ].join('');
  const rows = r.parameters.map((p) => {
    const free = !p.fixed;
    const finiteCi = free && Number.isFinite(p.ciLower) && Number.isFinite(p.ciUpper);
    const pr = profile?.profiles.find((q) => q.name === p.name);
    return [
      `<tr data-param="${esc(p.name)}">`,
      `<th scope="row"><code>${esc(p.name)}</code></th>`,
      cell(p.value, num(p.value, 7)),
      cell(free ? p.stderr : null, free ? num(p.stderr, 4) : '—'),
      cell(free ? p.percentError : null, free && Number.isFinite(p.percentError ?? NaN) ? `${num(p.percentError, 3)}%` : '—'),
      cell(free ? p.tStat : null, free ? num(p.tStat, 4) : '—'),
      cell(free ? p.pValue : null, free ? reportP(p.pValue) : '—'),
      intervalCell(finiteCi ? p.ciLower : null, finiteCi ? p.ciUpper : null, 'wald'),
      profile ? (pr ? intervalCell(pr.lower, pr.upper, 'profile') : '<td class="num">—</td>') : '',
      cell(p.start, num(p.start, 6)),
      `<td>${esc(flags(p))}</td>`,
      '</tr>',
    ].join('');
  });
  return `<table class="params" data-ci-method="${profile ? 'profile' : 'wald'}"><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

type StatRow = [string, string, number | undefined, string];

/** R's glm(family = poisson) statistics of a Poisson likelihood fit. */
function poissonRows(r: FitResult, p: Partial<PoissonGoodness>): StatRow[] {
  return poissonStatRows(r.stats, p).map((row) => [row.key, row.label, row.value, row.note]);
}

function statisticsTable(r: FitResult, poisson: Partial<PoissonGoodness> | null | undefined): string {
  const s = r.stats;
  const tail: StatRow[] = [
    ['n', 'points', s.points, ''],
    ['free', 'free parameters', s.freeParameters, ''],
    ['dof', 'degrees of freedom', s.dof, 'n − k'],
  ];
  const items: StatRow[] = poisson ? [...poissonRows(r, poisson), ...tail] : [
    ['chi2', 'χ²', s.chi2, r.weighting && r.weighting !== 'unweighted' ? 'Σ((y − f)/σ)²' : 'Σ(y − f)²'],
    ['redchi2', 'reduced χ²', s.redchi2, `χ²/ν, ν = ${s.dof}`],
    ['r2', 'R²', s.r2, ''],
    ['adj_r2', 'adjusted R²', s.adjR2, ''],
    ['syx', 'Sy.x', s.syx, 'residual standard error, √(χ²/(n − k))'],
    ['rmse', 'RMSE', s.rmse, '√(Σ(y − f)²/n): divides by n, not n − k'],
    ['aic', 'AIC', s.aic, "lmfit's: n·ln(χ²/n) + 2k, no constant"],
    ['bic', 'BIC', s.bic, "lmfit's: n·ln(χ²/n) + k·ln n"],
    ['aicR', 'AIC (R)', s.aicR, "R's AIC(nls): −2 ln L + 2(k + 1), σ counted"],
    ['bicR', 'BIC (R)', s.bicR, "R's BIC(nls): −2 ln L + (k + 1)·ln n"],
    ['aicc', 'AICc', s.aicc, 'AIC (R) + 2K(K + 1)/(n − K − 1), K = k + 1'],
    ['logLik', 'log-likelihood', s.logLik, 'Gaussian, σ̂² = χ²/n'],
    ...tail,
  ];
  const rows = items.map(([key, label, v, note]) => `<tr data-stat="${key}"><th scope="row">${esc(label)}</th><td class="num" data-value="${attr(v)}">${esc(num(v))}</td><td class="note">${esc(note)}</td></tr>`);
  return `<table class="stats"><tbody>${rows.join('')}</tbody></table>`;
}

function dataSummary(rep: FitReport): string {
  const d = rep.data;
  const left = [rep.filteredRows ? `${rep.filteredRows} filtered out` : '', rep.excludedRows ? `${rep.excludedRows} excluded` : ''].filter(Boolean).join(', ');
  const rows = d.columns.map((c) => `<tr><th scope="row"><code>${esc(c.name)}</code></th><td>${c.role}</td><td class="num">${esc(num(c.min))}</td><td class="num">${esc(num(c.max))}</td><td class="num">${esc(num(c.mean))}</td></tr>`);
  return [
    `<p><strong>${esc(rep.file)}</strong>: <span data-rows="${d.rows}">${d.rows.toLocaleString('en-US')}</span> rows used${left ? ` (${esc(left)})` : ''}.</p>`,
    `<table class="columns"><thead><tr><th scope="col">Column</th><th scope="col">Role</th><th scope="col">Min</th><th scope="col">Max</th><th scope="col">Mean</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
  ].join('');
}

function diagnostics(r: FitResult, d: ReportData): string {
  const sentences = r.diagnostics ? diagnosticSentences(r.diagnostics) : [];
  const list = sentences.length
    ? `<ul class="diagnostics">${sentences.map((s) => `<li class="tone-${s.tone}" data-test="${s.test}">${esc(s.text)}</li>`).join('')}</ul>`
    : '<p>No residual diagnostics (fewer than 2 rows).</p>';
  return `${list}<figure class="wide">${residualFigure(d)}</figure><div class="pair"><figure>${qqFigure(d)}</figure><figure>${histogramFigure(d)}</figure></div>`;
}

function profiles(r: FitResult, profile: ProfileResult | null): string {
  if (!profile) return '';
  const level = Math.round(r.confidenceLevel * 100);
  const figs = profile.profiles.map((q) => {
    const p = r.parameters.find((x) => x.name === q.name);
    const data = profilePlotData({ name: q.name, profile: q, estimate: p?.value ?? NaN, se: p?.stderr ?? NaN, cutoff: r.tValue });
    return `<figure>${profileFigure(data, level)}</figure>`;
  });
  return [
    '<section><h2>Profile likelihood</h2>',
    `<p class="note">τ(v) = sign(v − θ̂)·√(S(v) − S(θ̂))/s with the other parameters refitted at each v (Bates &amp; Watts 1988, §6.1; R's confint.nls). The interval is where |τ| ≤ t = ${esc(num(r.tValue, 5))}; the dashed line is the linear approximation behind the Wald interval.</p>`,
    `<div class="pair">${figs.join('')}</div></section>`,
  ].join('');
}

export function fitReportHtml(rep: FitReport): string {
  const r = rep.result;
  const warnings = [...(rep.notes ?? []), ...r.warnings, ...(rep.profile?.warnings ?? [])];
  const phases = r.phases.map((p) => `${p.role} ${p.backend}/${p.linearization} (${p.nit} iterations)`).join(' → ');
  const ok = r.success && !(r.undetermined && r.undetermined.length > 0);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Fitbench">
<title>Fit report: ${esc(rep.file)}${rep.scope ? `, ${esc(rep.scope.name)}` : ''}</title><style>${REPORT_CSS}</style></head>
<body><main class="report" data-ci-method="${rep.profile ? 'profile' : 'wald'}">
<header><h1>Fit report</h1><p class="meta">${esc(rep.file)} · written by Fitbench on <time datetime="${esc(rep.generatedAt)}">${esc(rep.generatedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></p>
${rep.scope ? `<p class="scope" data-scope="${esc(rep.scope.kind)}">${esc(rep.scope.text)}</p>\n` : ''}<p class="verdict ${ok ? 'ok' : 'warn'}" data-status="${r.status}">${esc(verdictText(r))}: ${escapeWithCode(r.message)}</p></header>
<section><h2>Model</h2><p class="model"><code>${esc(rep.data.yName)} = ${esc(rep.model)}</code></p>${tiesList(rep.derived)}
<p>${esc(r.weighting ?? 'unweighted')}; loss ${esc(rep.loss)}; ${Math.round(r.confidenceLevel * 100)}% intervals with ${r.statistic === 'z' ? 'z' : `t(${r.stats.dof})`} = ${esc(num(r.tValue, 5))}.</p></section>
<section><h2>Data</h2>${dataSummary(rep)}</section>
<section><h2>Parameters</h2>${parameterTable(r, rep.profile)}
<p class="note">${rep.profile ? 'Profile intervals are asymmetric where the model is curved in the parameter; a missing end (∞) means the profile never reached the confidence level on that side. ' : ''}${r.statistic === 'z' ? "Wald intervals are value ± z·(standard error) with the normal quantile z; p tests the parameter = 0 with the normal distribution (a likelihood fit estimates no residual variance; R's summary.glm)." : `Wald intervals are value ± t·(standard error); p tests the parameter = 0 with Student's t on ${r.stats.dof} degrees of freedom.`}</p></section>
${derivedSection(rep.derived, Math.round(r.confidenceLevel * 100), r.statistic ?? 't')}
${lineOf(odrSection(rep.odr))}${lineOf(assaySection(rep.assay, { x: rep.data.xName, y: rep.data.yName }))}<section><h2>Fit</h2><figure class="wide">${fitFigure(rep.data)}</figure></section>
<section><h2>Goodness of fit</h2>${statisticsTable(r, rep.poisson)}</section>
<section><h2>Residual diagnostics</h2>${diagnostics(r, rep.data)}</section>
${profiles(r, rep.profile)}
${comparisonSection(rep.comparison)}
${warnings.length ? `<section><h2>Warnings</h2><ul class="warnings">${warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul></section>` : ''}
<section><h2>Solver</h2><p>Trust Region Reflective least squares (scipy's algorithm). ${r.nfev} evaluations, ${r.njev} Jacobians, ${r.nit} iterations on ${esc(rep.backend)}: ${esc(phases)}. Status ${r.status}. Optimality ${esc(num(r.optimality ?? NaN, 3))}.</p></section>
</main></body></html>
`;
}
