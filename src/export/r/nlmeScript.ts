/**
 * nlmeScript: a mixed-effects FitSpec (groups mode 'mixed', issue 25) as a self-contained R script
 * that repeats the fit with nlme::nlme (Pinheiro & Bates 2000; Lindstrom & Bates 1990), the
 * reference Fitbench's mixed fits are tested against. It reads the same CSV beside it, writes the
 * model as an R formula (printed from the syntax tree by rExpr.ts, never from the text), the fixed
 * effects (every free parameter), the random ones with Ψ as pdLogChol (general) or pdDiag, the
 * start values, ML or REML; then prints summary(), logLik, each group's coef() and, by ML, the
 * likelihood-ratio test against the fit without random effects (gnls), as Fitbench's comparison.
 * A parameter held at its value is a number in the formula.
 *
 * Refused (RangeError, the page says it): weights or a σ column (nlme's varFixed estimates a
 * scale the page does not), row filters and excluded lines, a file without a header row, bounds
 * (as the mixed fit itself refuses them) and ODE models.
 */
import { compileModel } from '../../model/index';
import type { FitSpec } from '../../share/types';
import { untieSpec } from '../untie';
import { rExpr, rName, rNumber, rString } from './rExpr';

export interface NlmeScriptOptions {
  /** Default data file (the first argument overrides it). */
  readonly csvFileName: string;
  /** ',', '\t', ';', '|' or 'whitespace', as Table.delimiter. */
  readonly delimiter: string;
  readonly decimalComma: boolean;
  readonly header: boolean;
  readonly fileNote?: string;
}

const SEPARATORS: Readonly<Record<string, string>> = { ',': '","', '\t': '"\\t"', ';': '";"', '|': '"|"', whitespace: '""' };

export function nlmeScript(tiedSpec: FitSpec, options: NlmeScriptOptions): string {
  const g = tiedSpec.groups;
  if (!g || g.mode !== 'mixed' || !g.mixed) throw new RangeError('nlmeScript: the spec is not a mixed-effects fit over groups');
  if (tiedSpec.ode) throw new RangeError('The R nlme script is for closed-form models: an ODE model has no nlme formula here.');
  const { spec } = untieSpec(tiedSpec);
  const sep = Object.prototype.hasOwnProperty.call(SEPARATORS, options.delimiter) ? SEPARATORS[options.delimiter] : undefined;
  if (sep === undefined) throw new RangeError(`nlmeScript: unknown delimiter ${JSON.stringify(options.delimiter)}`);
  if (!options.header) throw new RangeError('The R nlme script reads the columns by their names: save the data with a header row first.');
  if (spec.columns.sigma !== null || (spec.settings.weights && spec.settings.weights !== 'sigma')) throw new RangeError('The R nlme script has no weights: a mixed-effects fit with a σ column or weights cannot be repeated with it yet.');
  if (spec.rows && (spec.rows.where.length > 0 || spec.rows.exclude.length > 0)) throw new RangeError('The R nlme script reads every row of the file: clear the row filters and excluded points, or export the Data CSV (the fitted rows) and fit that.');
  const compiled = compileModel(spec.model, { columns: spec.columns.x });
  if (!compiled.ok) throw new RangeError(`nlmeScript: ${compiled.error.message}`);
  const model = compiled.value;
  const byName = new Map(spec.parameters.map((p) => [p.name, p]));
  const free = model.params.filter((n) => !byName.get(n)?.fixed);
  const random = g.mixed.random.filter((n) => free.includes(n));
  if (random.length === 0) throw new RangeError('nlmeScript: no random parameter among the free ones');
  const bounded = free.find((n) => Number.isFinite(byName.get(n)?.min ?? -Infinity) || Number.isFinite(byName.get(n)?.max ?? Infinity));
  if (bounded) throw new RangeError(`${bounded} has bounds: nlme, like Fitbench's mixed fit, is unbounded. Clear its min and max first.`);

  const names = new Map<string, string>();
  for (const v of model.variables) names.set(v, rName(v));
  for (const n of model.params) {
    const p = byName.get(n);
    names.set(n, p?.fixed ? `(${rNumber(p.value ?? NaN)})` : rName(n));
  }
  const formula = `${rName(spec.columns.y)} ~ ${rExpr(model.ast, { names })}`;
  const fixed = `${free.map(rName).join(' + ')} ~ 1`;
  const randomFormula = `${g.mixed.cov === 'full' ? 'pdLogChol' : 'pdDiag'}(${random.map(rName).join(' + ')} ~ 1)`;
  const start = `c(${free.map((n) => `${rName(n)} = ${rNumber(byName.get(n)?.value ?? 1)}`).join(', ')})`;
  const method = g.mixed.method === 'reml' ? 'REML' : 'ML';
  const used = [spec.columns.y, ...spec.columns.x, g.column];
  const pick = g.pick && g.pick.length > 0 ? g.pick : null;
  const empty = free.filter((n) => byName.get(n)?.value === null);

  return [
    '#!/usr/bin/env Rscript',
    `# A nonlinear mixed-effects fit from Fitbench (issue 25), repeated with R's nlme (Pinheiro & Bates 2000):`,
    `# ${random.join(', ')} random per ${g.column.replace(/[\r\n]+/g, ' ')}, ${g.mixed.cov === 'full' ? 'general Ψ (pdLogChol)' : 'diagonal Ψ (pdDiag)'}, ${method}.`,
    '# Run: Rscript this-file.R [data.csv]   (nlme ships with R; else install.packages("nlme"))',
    'library(nlme)',
    '',
    ...(options.fileNote ? [`# ${options.fileNote.replace(/[\r\n]+/g, ' ')}`] : []),
    'args <- commandArgs(trailingOnly = TRUE)',
    `CSV_FILE <- if (length(args) > 0) args[1] else ${rString(options.csvFileName)}`,
    `MODEL <- ${rString(tiedSpec.model)}  # as written in Fitbench; the formula below is its translation`,
    `GROUP_COLUMN <- ${rString(g.column)}`,
    '',
    '# The group column is read as text, as Fitbench names groups by the text in the file.',
    `data <- read.table(CSV_FILE, header = TRUE, sep = ${sep}, dec = ${rString(options.decimalComma ? ',' : '.')}, check.names = FALSE,`,
    '                   quote = "\\"", comment.char = "", colClasses = setNames("character", GROUP_COLUMN))',
    `# Rows with a missing value in a column the fit uses are skipped, as Fitbench skips them.`,
    `data <- data[complete.cases(data[, c(${used.map(rString).join(', ')})]), ]`,
    ...(pick ? [`data <- data[data[[GROUP_COLUMN]] %in% c(${pick.map(rString).join(', ')}), ]  # the groups fitted`] : []),
    '',
    ...(empty.length > 0 ? [`# No start value on the page for ${empty.join(', ')}: 1 here; Fitbench's Fit searches for it (put its value here).`] : []),
    `start <- ${start}`,
    `fit <- nlme(${formula},`,
    '  data = data,',
    `  fixed = ${fixed},`,
    `  random = ${randomFormula},`,
    `  groups = ~ ${rName(g.column)},`,
    '  start = start,',
    `  method = ${rString(method)})`,
    'print(summary(fit))',
    'cat("logLik", format(as.numeric(logLik(fit)), digits = 12), " AIC", AIC(fit), " BIC", BIC(fit), "\\n")',
    '# Each group\'s parameters: the fixed effects plus its predicted random effects.',
    'print(coef(fit))',
    ...(method === 'ML'
      ? [
          '',
          '# Against the fit without random effects (every parameter shared by the groups), as Fitbench compares',
          '# them: the likelihood-ratio test is conservative, the variance tested lies on its boundary (zero).',
          `pooled <- gnls(${formula}, data = data, start = start)`,
          'print(anova(pooled, fit))',
        ]
      : ['', '# Fitbench compares with the fit without random effects by ML: refit with method = "ML" for that test.']),
    '',
  ].join('\n');
}
