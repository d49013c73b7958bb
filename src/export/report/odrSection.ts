/**
 * The report's section on errors in both variables (issue 24): orthogonal distance regression
 * (Boggs, Byrd & Schnabel 1987) as ODRPACK reports it — β with sd_beta (√diag(cov_beta·res_var),
 * or without res_var when σ is absolute), the weighted sum of squares split into its δ part
 * Σ(δ/σx)² and its ε part Σ(ε/σy)², and res_var = sum/(n − p). Numbers carry full precision in
 * data- attributes like the rest of the report, under scipy.odr's names.
 */
import type { OdrResult } from '../../fit/odr';
import { escapeHtml as esc } from './escape';
import { attr, reportNumber as num } from './format';

export interface ReportOdr {
  /** Each model column's σ, in words (`σ(x) = sx`). */
  readonly errors: string;
  /** The free parameters with β and sd_beta. */
  readonly beta: readonly { readonly name: string; readonly value: number; readonly sdBeta: number }[];
  readonly sumSquares: number;
  readonly sumSquaresDelta: number;
  readonly sumSquaresEps: number;
  readonly resVar: number;
  readonly absoluteSigma: boolean;
}

/** An errors-in-x fit's part of a report: its section, each row's f(x + δ), the plotted x's σ. */
export interface OdrReportParts {
  readonly section: ReportOdr;
  readonly fitted: Float64Array;
  readonly sigmaX: { readonly name: string | null; readonly values: Float64Array | null };
}

/**
 * The report's parts of an explicit errors-in-x fit: `y` the observed response, `sigmaX` the σ
 * column of the first (plotted) variable and its name (null: exact), `errors` each column's σ in words.
 */
export function odrReportParts(r: OdrResult, y: Float64Array, sigmaX: OdrReportParts['sigmaX'], errors: string, absoluteSigma: boolean): OdrReportParts {
  return {
    section: {
      errors,
      beta: r.free.map((name) => {
        const i = r.names.indexOf(name);
        return { name, value: r.beta[i], sdBeta: r.sdBeta[i] };
      }),
      sumSquares: r.sumSquares,
      sumSquaresDelta: r.sumSquaresDelta,
      sumSquaresEps: r.sumSquaresEps,
      resVar: r.resVar,
      absoluteSigma,
    },
    // ε = f(x + δ) − y (ODRPACK's sign), so f(x + δ) = y + ε.
    fitted: y.map((v, i) => v + r.eps[i]),
    sigmaX,
  };
}

const row = (key: string, label: string, v: number, note: string) =>
  `<tr data-odr="${key}"><th scope="row">${esc(label)}</th><td class="num" data-value="${attr(v)}">${esc(num(v))}</td><td class="note">${esc(note)}</td></tr>`;

export function odrSection(o: ReportOdr | null | undefined): string {
  if (!o) return '';
  const beta = o.beta.map(
    (b) => `<tr data-param="${esc(b.name)}"><th scope="row"><code>${esc(b.name)}</code></th><td class="num" data-value="${attr(b.value)}">${esc(num(b.value, 7))}</td><td class="num" data-sd-beta="${attr(b.sdBeta)}">${esc(num(b.sdBeta, 4))}</td></tr>`,
  );
  const sd = o.absoluteSigma ? 'sd_beta = √diag(cov_beta): σ taken as absolute' : 'sd_beta = √diag(cov_beta·res_var)';
  return [
    '<section><h2>Errors in both variables</h2>',
    `<p>Orthogonal distance regression (Boggs, Byrd &amp; Schnabel 1987; ODRPACK's statistics): ${esc(o.errors)}. The fit minimizes Σ(ε/σy)² + Σ(δ/σx)² over β and every row's δ, where x + δ is the fitted x and ε = f(x + δ) − y; the residuals below are ε/σy.</p>`,
    `<table class="odr-beta"><thead><tr><th scope="col">Parameter</th><th scope="col">β</th><th scope="col">sd_beta</th></tr></thead><tbody>${beta.join('')}</tbody></table>`,
    `<table class="odr-split"><tbody>${[
      row('sum_square_delta', 'Σ(δ/σx)²', o.sumSquaresDelta, 'the x part'),
      row('sum_square_eps', 'Σ(ε/σy)²', o.sumSquaresEps, 'the y part'),
      row('sum_square', 'weighted sum of squares', o.sumSquares, 'δ part + ε part; cost is half of it'),
      row('res_var', 'res_var', o.resVar, 'sum of squares/(n − p)'),
    ].join('')}</tbody></table>`,
    `<p class="note">${esc(sd)}. The figure draws each point's σ in x and y as error bars.</p></section>`,
  ].join('');
}
