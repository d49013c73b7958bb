/**
 * The report's optional sections of issue 10: derived quantities (delta-method errors,
 * src/fit/derived.ts) and the comparison with a second model (src/fit/compare/compareModels.ts),
 * each left out when there is none. Numbers carry full precision in data- attributes like the
 * rest of the report.
 */
import type { ModelComparison } from '../../fit/compare/compareModels';
import type { DerivedQuantity } from '../../fit/derived';
import { escapeHtml as esc } from './escape';
import { attr, reportNumber as num } from './format';

/**
 * The ties under the model as typed: the fit ran on the model with each tie written in, so each
 * tied parameter is stated beside it, not fitted, with where its value and error are.
 */
export function tiesList(derived: readonly (DerivedQuantity & { readonly tied?: boolean })[] | undefined): string {
  const tied = (derived ?? []).filter((d) => d.tied);
  if (tied.length === 0) return '';
  const items = tied.map((d) => `<li data-tie="${esc(d.name)}"><code>${esc(d.name)} = ${esc(d.expression)}</code>, tied: not fitted</li>`);
  return `<ul class="ties">${items.join('')}</ul><p class="note">A tied parameter is computed from the fitted ones; its value and delta-method error are under Derived quantities.</p>`;
}

/** Derived quantities; a tied parameter (tied: true, the CLI's --tie) says so before its expression. */
export function derivedSection(derived: readonly (DerivedQuantity & { readonly tied?: boolean })[] | undefined, level: number, statistic: 't' | 'z' = 't'): string {
  if (!derived || derived.length === 0) return '';
  const rows = derived.map((d) => {
    const finite = Number.isFinite(d.stderr);
    return [
      `<tr data-derived="${esc(d.name)}">`,
      `<th scope="row"><code>${esc(d.name)}</code></th>`,
      `<td>${d.tied ? 'tied: ' : ''}<code>${esc(d.expression)}</code></td>`,
      `<td class="num" data-value="${attr(d.value)}">${esc(num(d.value, 7))}</td>`,
      `<td class="num" data-value="${finite ? attr(d.stderr) : ''}">${finite ? esc(num(d.stderr, 4)) : 'undetermined'}</td>`,
      `<td class="num interval" data-lower="${finite ? attr(d.ciLower) : ''}" data-upper="${finite ? attr(d.ciUpper) : ''}">${finite ? esc(`[${num(d.ciLower)}, ${num(d.ciUpper)}]`) : '—'}</td>`,
      '</tr>',
    ].join('');
  });
  return [
    '<section><h2>Derived quantities</h2>',
    `<table class="derived"><thead><tr><th scope="col">Quantity</th><th scope="col">Expression</th><th scope="col">Value</th><th scope="col">Std. error</th><th scope="col">${level}% interval</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    `<p class="note">Standard errors by the delta method, se² = ∇gᵀ Σ ∇g with the fit’s covariance Σ; intervals value ± ${statistic}·se.</p></section>`,
  ].join('');
}

export function comparisonSection(c: ModelComparison | null | undefined): string {
  if (!c) return '';
  const rows = c.models.map(
    (m, i) =>
      `<tr data-model="${i}"${c.preferred === i ? ' class="preferred"' : ''}><th scope="row">${i === 0 ? 'This fit' : 'Second model'}</th><td><code>${esc(m.label)}</code></td><td class="num">${m.parameters}</td><td class="num" data-value="${attr(m.chi2)}">${esc(num(m.chi2))}</td><td class="num">${m.dof}</td><td class="num" data-value="${attr(m.aicc)}">${esc(num(m.aicc))}</td><td class="num" data-value="${attr(m.weight)}">${esc(num(m.weight, 3))}</td></tr>`,
  );
  const nesting = c.simpler === null
    ? 'The models are not nested (checked on the formulas), so they are compared by AICc only.'
    : `Nested (${c.nested === 'user' ? 'as stated, not checked' : 'checked on the formulas'}): the extra-sum-of-squares F test applies (Bates & Watts 1988, §3.10; R's anova.nls).`;
  return [
    '<section><h2>Model comparison</h2>',
    `<p class="verdict-text" data-f="${attr(c.F)}" data-p="${attr(c.p)}">${esc(c.verdict)}</p>`,
    `<table class="comparison"><thead><tr><th scope="col"></th><th scope="col">Model</th><th scope="col">k</th><th scope="col">χ²</th><th scope="col">dof</th><th scope="col">AICc</th><th scope="col">Akaike weight</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    `<p class="note">${esc(nesting)} AICc is R's AIC(nls) with the small-sample term 2K(K + 1)/(n − K − 1).</p></section>`,
  ].join('');
}
