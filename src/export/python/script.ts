/**
 * pythonScript: a FitSpec as a self-contained Python 3 script (numpy + scipy) that reads the same
 * CSV, defines the model as a numpy function (translated from the compiled syntax tree by
 * pyExpr.ts, never from the text), and runs scipy.optimize.curve_fit with the spec's start values,
 * bounds, weights, loss and tolerances. Fixed parameters are literals inside the model function
 * (curve_fit never sees them). The last line printed is JSON (pyReport.ts):
 *
 *   {"success": true, "status": 2, "nfev": 12, "chi2": 1.23,
 *    "parameters": [{"name": "A", "value": 1.0, "stderr": 0.01, "fixed": false}, …]}
 *
 * with the parameters in model order and null for a non-finite number. The data file may be
 * given as the first command-line argument instead of CSV_FILE. Given the page's fitted values
 * (options.pageFit), the script prints them beside its own, so that a user sees the repeat agree.
 *
 * A spec with groups (issue 9; normalized by ../groupPlan.ts) gives a per-group script (the same
 * curve_fit in a loop over the groups, pyEach.ts) or a global one (one least_squares over the
 * stacked residuals with shared and per-group parameters, pyGlobal.ts), both on the groups the
 * file's rows make as Fitbench makes them (pyGroupData.ts), with JSON in the shape of the CLI's.
 *
 * Differences that remain: scipy differentiates by forward differences (Fitbench analytically),
 * and Fitbench polishes converged fits further (QR and Gauss–Newton refinement), so the two agree
 * to the solution's conditioning times ~1e-8, not to the last digit.
 */
import { defaultMaxNfev } from '../../fit/defaults';
import { compileModel } from '../../model/index';
import type { Weighting } from '../../fit/weights';
import type { FitSpec } from '../../share/types';
import { exportGroups, type ExportGroups } from '../groupPlan';
import { PY_EACH } from './pyEach';
import { PY_GLOBAL } from './pyGlobal';
import { PY_GROUP_KEYS, pyGroupData } from './pyGroupData';
import { PY_GROUP_REPORT } from './pyGroupReport';
import { PY_LOADER, PY_ROW_MASK } from './pyLoader';
import { pyBool, pyFloat, pyList, pyString } from './pyLiteral';
import { pyAssaySteps } from './pyAssay';
import { pyRout } from './pyRout';
import { calledFunctions, pyModelFunction } from './pyModel';
import { PY_REPORT, PY_REPORT_JSON, pyPageFit } from './pyReport';
import { pyTies, withTiedJson } from './pyTies';
import { untieSpec } from '../untie';
import { odePythonScript } from './odeScript';
import { isOdrSpec, odrPythonScript } from './odrScript';
import { checkDelimiter, parameterRows, pyFileSettings, pyTrfArguments, scriptRows } from './pySpec';

export interface PythonScriptOptions {
  /** Default data file of the script (the first argument overrides it). */
  readonly csvFileName: string;
  /** ',', '\t', ';', '|' or 'whitespace' (runs of spaces and tabs), as Table.delimiter. */
  readonly delimiter: string;
  readonly decimalComma: boolean;
  readonly header: boolean;
  /** A comment above CSV_FILE on where the file comes from (when it is not the user's own file). */
  readonly fileNote?: string;
  /** The page's fitted values, printed beside the script's (single fits; the start values are the spec's). */
  readonly pageFit?: readonly { readonly name: string; readonly value: number }[];
}

const METHODS = ['auto', 'dense', 'normal'];
const BACKENDS = ['auto', 'cpu', 'gpu'];

/**
 * The script. Throws RangeError for an invalid delimiter, a model that does not compile against
 * spec.columns.x, or a spec with every parameter fixed (validate specs with validateSpec first).
 */
export function pythonScript(tiedSpec: FitSpec, options: PythonScriptOptions): string {
  // An ODE model (issue 23): solve_ivp inside least_squares (odeScript.ts).
  if (tiedSpec.ode) return odePythonScript(tiedSpec, options);
  // Errors in x or an implicit model (issue 24): scipy.odr (odrScript.ts).
  if (isOdrSpec(tiedSpec)) return odrPythonScript(tiedSpec, options);
  // Tied parameters (issue 10): the model with each tie written in, the tied rows left out.
  const { spec, ties } = untieSpec(tiedSpec);
  checkDelimiter(options.delimiter);
  // method and backend are written bare into a comment: only the known words may be (a newline in
  // a forged saved session's setting would otherwise start a line of Python).
  if (!METHODS.includes(spec.settings.method) || !BACKENDS.includes(spec.settings.backend)) {
    throw new RangeError(`pythonScript: method must be one of ${METHODS.join(', ')} and backend one of ${BACKENDS.join(', ')}`);
  }
  const compiled = compileModel(spec.model, { columns: spec.columns.x });
  if (!compiled.ok) throw new RangeError(`pythonScript: ${compiled.error.message}`);
  const model = compiled.value;
  if (model.variables.join(',') !== spec.columns.x.join(',')) {
    throw new RangeError(`pythonScript: the model uses the columns ${model.variables.join(', ') || '(none)'}, the spec lists ${spec.columns.x.join(', ') || '(none)'}`);
  }
  const { rows, free, fixed } = parameterRows(spec, model.params, 'curve_fit');
  const s = spec.settings;
  const maxNfev = s.maxNfev ?? defaultMaxNfev(free.length);
  const used = calledFunctions(model.ast);
  const specialNames = ['erf', 'erfc'].filter((n) => used.has(n));
  const sigma = spec.columns.sigma;
  // Weights from y (a σ column and weights are never both chosen: the fit refuses that).
  const weights = s.weights && s.weights !== 'sigma' && sigma === null ? s.weights : null;
  const rowRules = scriptRows(spec);

  const groups = exportGroups(spec);
  const maxNfevNote = s.maxNfev === null ? `  # Fitbench's default budget, max(2000, 500 k)${groups ? ', k the free parameters of one fit' : ''}` : '';
  const head = [
    '#!/usr/bin/env python3',
    ...describe(groups),
    'import csv',
    'import json',
    'import re',
    'import sys',
    ...(groups ? ['from decimal import Decimal'] : []),
    '',
    'import numpy as np',
    `from scipy.optimize import ${groups?.mode === 'global' ? 'least_squares' : 'curve_fit'}`,
    ...(specialNames.length > 0 ? [`from scipy.special import ${specialNames.join(', ')}`] : []),
    '',
    ...pyFileSettings(options),
    ...(ties.length > 0 ? [`MODEL_AS_WRITTEN = ${pyString(tiedSpec.model)}  # in Fitbench, with ${ties.map((t) => t.name).join(', ')} tied (TIES below)`] : []),
    `MODEL = ${pyString(spec.model)}  # ${ties.length > 0 ? 'with the ties written in' : 'as written in Fitbench'}; model() below is its translation`,
    `X_COLUMNS = ${pyList(spec.columns.x.map(pyString))}`,
    `Y_COLUMN = ${pyString(spec.columns.y)}`,
    `SIGMA_COLUMN = ${sigma === null ? 'None' : pyString(sigma)}`,
    ...(weights ? pyWeights(weights) : []),
    ...(groups
      ? [
          `GROUP_COLUMN = ${pyString(groups.column)}`,
          `GROUPS = ${groups.pick ? pyList(groups.pick.map(pyString)) : 'None'}  # the groups fitted, as written in the file (None: all)`,
          ...(groups.mode === 'global' ? [`SHARED = ${pyList(rows.filter((p) => groups.shared.includes(p.name)).map((p) => pyString(p.name)))}  # one value for every group; the other free parameters one per group`] : []),
        ]
      : []),
    '',
    PY_LOADER,
    '',
    ...(rowRules ? [`WHERE = ${pyList(rowRules.where.map((w) => `(${pyString(w.column)}, ${pyString(w.op)}, ${pyString(w.value)})`))}`, `EXCLUDE_LINES = ${rowRules.exclude.length > 0 ? `{${rowRules.exclude.join(', ')}}` : 'set()'}`, PY_ROW_MASK, ''] : []),
    ...(groups ? [PY_GROUP_KEYS, ''] : []),
    ...pyModelFunction(model, rows),
    '',
    '',
  ];
  const table = [
    `NAMES = ${pyList(rows.map((p) => pyString(p.name)))}`,
    `FREE = ${pyList(free.map((p) => pyString(p.name)))}`,
    `FIXED = {${fixed.map((p) => `${pyString(p.name)}: ${pyFloat(p.value ?? NaN)}`).join(', ')}}`,
    // An empty start value (the page's Fit searches for it) becomes curve_fit's own default, 1.
    ...(free.some((p) => p.value === null) ? [`# No start value on the page for ${free.filter((p) => p.value === null).map((p) => p.name).join(', ')}: 1.0 here (curve_fit's default); fitbench's Fit searches for it.`] : []),
    `p0 = ${pyList(free.map((p) => pyFloat(p.value ?? 1)))}`,
    `lower = ${pyList(free.map((p) => pyFloat(p.min)))}`,
    `upper = ${pyList(free.map((p) => pyFloat(p.max)))}`,
    '',
    `# Fitbench also had method=${s.method}, backend=${s.backend} (its linearization and device); scipy's solver is "trf".`,
    ...(s.varpro ? ['# Fitbench fitted with VarPro first (the linear parameters eliminated); curve_fit fits all parameters at once.'] : []),
    ...(s.objective === 'poisson' ? ['# Fitbench maximised the Poisson likelihood (the Cash statistic; its errors from the Fisher information).', '# curve_fit below is least squares, so its values differ: minimise 2*sum(mu - y*log(mu)) over the parameters for the same fit.'] : []),
  ];
  // curve_fit's keywords after sigma (the fit, ROUT's refit and the bootstrap's refits use them alike).
  const fitArguments = [
    `    absolute_sigma=${pyBool(s.absoluteSigma)},`,
    ...pyTrfArguments(s),
    `    max_nfev=${maxNfev},${maxNfevNote}`,
    `    x_scale=${s.xScale === 'jac' ? '"jac"' : pyFloat(s.xScale)},`,
  ];
  const robustArguments = `ftol=${pyFloat(s.ftol)}, xtol=${pyFloat(s.xtol)}, gtol=${pyFloat(s.gtol)}, x_scale=${s.xScale === 'jac' ? '"jac"' : pyFloat(s.xScale)}, max_nfev=${maxNfev}`;
  const single = [
    'columns = load_columns(CSV_FILE, X_COLUMNS + [Y_COLUMN] + ([SIGMA_COLUMN] if SIGMA_COLUMN is not None else []))',
    'keep = np.all([np.isfinite(c) for c in columns], axis=0)',
    ...(rowRules ? ['rows = row_mask(CSV_FILE)  # the row filters and excluded points', 'print("left out %d of %d rows (row filters, excluded points)" % ((~rows).sum(), rows.size), file=sys.stderr)', 'columns = [c[rows] for c in columns]', 'keep = keep[rows]'] : []),
    'if SIGMA_COLUMN is not None:',
    '    keep &= columns[-1] > 0',
    'if not keep.all():',
    '    print("dropped %d of %d rows (a used cell is not a finite number%s)" % ((~keep).sum(), keep.size, ", or sigma <= 0" if SIGMA_COLUMN is not None else ""), file=sys.stderr)',
    'columns = [c[keep] for c in columns]',
    `X = ${model.variables.length > 0 ? 'np.vstack(columns[:len(X_COLUMNS)])' : 'np.zeros((1, columns[0].size))'}`,
    'Y = columns[len(X_COLUMNS)]',
    weights ? 'SIGMA = weights_sigma(Y)' : 'SIGMA = columns[-1] if SIGMA_COLUMN is not None else None',
    '',
    ...table,
    'popt, pcov, info, message, status = curve_fit(',
    '    model, X, Y, p0=p0, sigma=SIGMA,',
    ...fitArguments,
    '    full_output=True,',
    ')',
    PY_REPORT,
    // ROUT (issue 26, pyRout.ts): the fit without the outliers replaces the one above.
    ...(spec.assay ? pyRout(spec.assay, { fitArguments, robustArguments, rowRules: rowRules !== null, report: PY_REPORT }) : []),
    ...pyTies(ties, model.params),
    ...(options.pageFit ? pyPageFit(rows.map((p) => p.name), options.pageFit) : []),
    // The assay steps (issue 26): unknowns by brentq, predictions, the bootstrap (pyAssay.ts).
    ...(model.variables.length === 1 ? pyAssaySteps(spec.assay, { rowRules: rowRules !== null, absoluteSigma: s.absoluteSigma, fitArguments: fitArguments.slice(1) }) : []),
    ties.length > 0 ? withTiedJson(PY_REPORT_JSON) : PY_REPORT_JSON,
  ];
  const grouped = groups
    ? [
        ...pyGroupData(rowRules !== null, model.variables.length),
        ...(weights ? PY_WEIGHTED_GROUPS : []),
        '',
        '',
        ...table,
        `LOSS = ${pyString(s.loss)}`,
        `F_SCALE = ${pyFloat(s.fScale)}`,
        `ABSOLUTE_SIGMA = ${pyBool(s.absoluteSigma)}`,
        `MAX_NFEV = ${s.maxNfev === null ? 'None' : String(s.maxNfev)}${maxNfevNote}`,
        `SOLVER = dict(method="trf", loss=LOSS, f_scale=F_SCALE, ftol=${pyFloat(s.ftol)}, xtol=${pyFloat(s.xtol)}, gtol=${pyFloat(s.gtol)}, x_scale=${s.xScale === 'jac' ? '"jac"' : pyFloat(s.xScale)})`,
        PY_GROUP_REPORT,
        groups.mode === 'global' ? PY_GLOBAL : PY_EACH,
      ]
    : [];
  return [...head, ...(groups ? grouped : single)]
    .filter((line, i, all) => !(line === '' && all[i - 1] === '' && all[i - 2] === ''))
    .join('\n');
}

/** The script's opening comment: what it repeats. */
function describe(groups: ExportGroups | null): string[] {
  if (!groups) {
    return [
      '# A Fitbench fit as a standalone script: the same data, model, start values, bounds and solver',
      '# settings, fitted with scipy.optimize.curve_fit (Python 3, numpy, scipy).',
      '# Usage: python3 fit.py [DATA.csv]. The last line printed is JSON with the parameters.',
    ];
  }
  const what = groups.mode === 'global'
    ? [`# A Fitbench global fit as a standalone script: one scipy.optimize.least_squares over every group's`, `# residuals, ${groups.shared.join(', ')} shared by all groups and the other free parameters fitted per group,`]
    : ['# Fitbench\'s per-group fits as a standalone script: scipy.optimize.curve_fit on each group\'s rows,', '# with the same model, start values, bounds and solver settings for every group,'];
  return [...what, '# on the same data (Python 3, numpy, scipy).', '# Usage: python3 fit.py [DATA.csv]. The last line printed is JSON with a row per group, as fitbench --json prints.'];
}

/** Fitbench's weights from y (src/fit/weights.ts) in Python: the σ each point gets. */
function pyWeights(mode: Weighting): string[] {
  return [
    `WEIGHTS = ${pyString(mode)}  # weights from y, as Fitbench's (src/fit/weights.ts)`,
    '',
    '',
    'def weights_sigma(Y):',
    '    """sigma = sqrt|y| (1/y), |y| (1/y2, relative), sqrt(y) with 1 where y = 0 (poisson)."""',
    '    if WEIGHTS == "1/y":',
    '        return np.sqrt(np.abs(Y))',
    '    if WEIGHTS in ("1/y2", "relative"):',
    '        return np.abs(Y)',
    '    if np.any(Y < 0):',
    '        sys.exit("Poisson weighting needs counts y >= 0")',
    '    return np.where(Y > 0, np.sqrt(np.abs(Y)), 1.0)',
    '',
    '',
  ];
}

/** Each group's σ from its y under the weights (group_data wrapped). */
const PY_WEIGHTED_GROUPS = ['', '', '_group_data = group_data', '', '', 'def group_data(key):', '    """X, Y and the SIGMA of the weights from y, of one group."""', '    X, Y, _ = _group_data(key)', '    return X, Y, weights_sigma(Y)'];
