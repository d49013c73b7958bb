/**
 * The text block of a mixed-effects fit in a grouped fit's text report (groupText.ts): the fixed
 * effects' t table with nlme's denominator df, the random effects' SDs and correlations, σ and the
 * likelihood, laid out as nlme's summary lays them out (Pinheiro & Bates 2000, §7.2).
 */
import type { MixedComparison } from '../../fit/mixed/compareMixed';
import { comparisonVerdict, modelName } from '../../fit/mixed/comparisonWords';
import { BOUNDARY_NOTE } from '../../fit/mixed/likelihoodRatio';
import type { MixedResult } from '../../fit/mixed/types';
import { num, textTable } from './textTable';

const pv = (p: number) => (Number.isFinite(p) ? (p < 1e-4 ? '<1e-4' : p.toFixed(4)) : String(p));

/** nlme's tables: the first column (names) left, the numbers right-aligned. */
const table = (header: string[], rows: string[][]): string[] => textTable(header, rows, { indent: '  ', align: 'numbers' });

/** anova()'s table: each model's parameters, AIC, BIC and logLik, the test on the richer's row. */
function comparisonLines(comparisons: readonly MixedComparison[]): string[] {
  if (comparisons.length === 0) return [];
  return [
    '',
    'Comparisons (likelihood-ratio tests):',
    ...comparisons.flatMap((c) => [
      ...table(['', 'parameters', 'AIC', 'BIC', 'logLik', 'L.Ratio', 'df', 'p'], [
        [modelName(c.simpler), String(c.simpler.parameterCount), num(c.simpler.aic, 8), num(c.simpler.bic, 8), num(c.simpler.logLik, 8), '', '', ''],
        [modelName(c.richer), String(c.richer.parameterCount), num(c.richer.aic, 8), num(c.richer.bic, 8), num(c.richer.logLik, 8), num(c.lr, 6), String(c.df), pv(c.pValue)],
      ]),
      `  ${comparisonVerdict(c)}`,
    ]),
    `  ${BOUNDARY_NOTE}`,
  ];
}

export function mixedTextBlock(m: MixedResult, comparisons: readonly MixedComparison[] = []): string {
  const lines = [
    `  ${m.method.toUpperCase()}, ${m.cov === 'full' ? 'general' : 'diagonal'} covariance of the random effects; ${m.points} rows, ${m.groupsFitted} groups; ${m.message}`,
    `  logLik ${num(m.logLik, 8)}, AIC ${num(m.aic, 8)}, BIC ${num(m.bic, 8)} (${m.parameterCount} parameters)`,
    '',
    'Fixed effects:',
    ...table(['', 'value', 'std.error', 'df', 't', 'p'], m.names.map((n, i) => [n, num(m.fixed[i]), num(m.fixedStderr[i], 4), String(m.fixedDf[i]), num(m.tValue[i], 4), pv(m.pValue[i])])),
    '',
    'Random effects (standard deviations, correlations):',
    ...table(['', 'sd', ...m.random.slice(0, -1)], [
      ...m.random.map((n, i) => [n, num(m.randomSd[i], 4), ...m.random.slice(0, -1).map((_, j) => (j < i ? m.randomCorr[i][j].toFixed(3) : ''))]),
      ['residual', num(m.sigma, 4), ...m.random.slice(0, -1).map(() => '')],
    ]),
    ...comparisonLines(comparisons),
  ];
  return lines.join('\n');
}
