/**
 * The report's assay section (issue 26): the unknowns read off the curve (x̂ and its 95%
 * inverse-prediction interval, or the status in words), ŷ at the asked x with confidence and
 * prediction intervals, and the points ROUT left out. The CLI's --report and the page's report
 * write it from the same outcome the JSON and the page's tables show.
 */
import type { InterpolatedUnknown, PredictedPoint } from '../../fit/interpolate';
import { STATUS_SHORT, STATUS_WORDS } from '../unknownStatus';
import { escapeHtml as esc } from './escape';
import { attr, reportNumber as num } from './format';

export interface ReportAssay {
  readonly interpolated: readonly InterpolatedUnknown[] | null;
  readonly predicted: readonly PredictedPoint[] | null;
  /** ROUT's outliers: Q as a fraction, the file lines left out. */
  readonly outliers: { readonly q: number; readonly lines: readonly (number | null)[] } | null;
}

const cell = (v: number | null) => `<td class="num" data-value="${attr(v)}">${v === null ? '—' : esc(num(v))}</td>`;

function unknowns(rows: readonly InterpolatedUnknown[], xName: string, yName: string): string {
  const body = rows.map((u) => `<tr data-row="${u.row}" data-status="${esc(u.status)}"><th scope="row">${esc(u.sample ?? `line ${u.row}`)}</th><td class="num">${esc(u.rows.join(', '))}</td>${cell(u.y)}${cell(u.x)}${cell(u.lower)}${cell(u.upper)}<td>${esc(STATUS_SHORT[u.status])}</td></tr>`);
  const statuses = [...new Set(rows.map((u) => u.status))].map((s) => `<li><strong>${esc(STATUS_SHORT[s])}</strong>: ${esc(STATUS_WORDS[s])}.</li>`);
  return [
    '<h3>Unknowns read off the curve</h3>',
    `<table class="assay-unknowns"><thead><tr><th scope="col">Sample</th><th scope="col">Lines</th><th scope="col">${esc(yName)} (mean)</th><th scope="col">${esc(xName)} (x̂)</th><th scope="col">lower</th><th scope="col">upper</th><th scope="col">Status</th></tr></thead><tbody>${body.join('')}</tbody></table>`,
    `<ul class="note">${statuses.join('')}</ul>`,
  ].join('');
}

function predictions(rows: readonly PredictedPoint[], xName: string, yName: string): string {
  const pair = (a: number | null, b: number | null) => (a === null || b === null ? '—' : esc(`[${num(a)}, ${num(b)}]`));
  const body = rows.map((p) => `<tr>${cell(p.x)}${cell(p.y)}<td class="num">${pair(p.confLower, p.confUpper)}</td><td class="num">${pair(p.predLower, p.predUpper)}</td></tr>`);
  return `<h3>Predicted ${esc(yName)}</h3><table class="assay-predicted"><thead><tr><th scope="col">${esc(xName)}</th><th scope="col">ŷ</th><th scope="col">95% confidence</th><th scope="col">95% prediction</th></tr></thead><tbody>${body.join('')}</tbody></table>`;
}

export function assaySection(a: ReportAssay | null | undefined, names: { readonly x: string | null; readonly y: string }): string {
  if (!a || (!a.interpolated && !a.predicted && !a.outliers)) return '';
  const x = names.x ?? 'x';
  const o = a.outliers;
  const outliers = o
    ? `<p class="assay-outliers">ROUT (Motulsky &amp; Brown 2006, Q = ${esc(num(o.q * 100, 3))}%): ${o.lines.length === 0 ? 'no outlier; every point is in the fit.' : `left out ${o.lines.map((l) => (l === null ? '?' : `line ${l}`)).join(', ')}; the fit above is least squares without ${o.lines.length === 1 ? 'it' : 'them'}.`}</p>`
    : '';
  return ['<section><h2>Assay</h2>', outliers, a.interpolated ? unknowns(a.interpolated, x, names.y) : '', a.predicted ? predictions(a.predicted, x, names.y) : '', '</section>'].join('');
}
