/**
 * An errors-in-variables fit (issue 24) as a standalone Python 3 script: orthogonal distance
 * regression by ODRPACK (Boggs, Byrd & Schnabel 1987) through scipy.odr, on the same CSV, with
 * the spec's start values, σx (columns.sigmaX) and σy (columns.sigma). An explicit model
 * y = f(x; β) fits with fit_type 0 and an x without a σ column held exact (ifixx 0); an implicit
 * model (one equation g(x, y; β) = 0, compiled to g = lhs − rhs) fits with ODRPACK's implicit mode
 * (Model(implicit=True), y=1), every coordinate with its σ column (or unit weight). The model is
 * printed from the compiled syntax tree (pyModel.ts), never from the text.
 *
 * Standard errors as ODRPACK reports them: sd_beta = √diag(cov_beta · res_var), or
 * √diag(cov_beta) with absolute σ. scipy.odr takes no bounds: a bounded parameter is said so in
 * a comment and on stderr. The last line printed is JSON (success, ODRPACK's info, sum_square and
 * its δ/ε split, res_var, the parameters as pythonScript's JSON has them).
 *
 * scipy.odr is deprecated in SciPy 1.17 (to be removed in 1.19); the `odrpack` package replaces
 * it, and the script says so where it imports it.
 */
import { compileEquation, compileModel, isEquationModel } from '../../model/index';
import type { FitSpec } from '../../share/types';
import { sigmaXColumns } from '../../share/fingerprint';
import { PY_LOADER, PY_ROW_MASK } from './pyLoader';
import { pyBool, pyFloat, pyList, pyString } from './pyLiteral';
import { calledFunctions, pyModelFunction } from './pyModel';
import { PY_REPORT, pyPageFit } from './pyReport';
import type { PythonScriptOptions } from './script';
import { checkDelimiter, parameterRows, pyFileSettings, scriptRows } from './pySpec';

/** Whether a spec fits by ODR: an implicit model, or some x with a σ column. */
export function isOdrSpec(spec: Pick<FitSpec, 'model' | 'columns'>): boolean {
  return isEquationModel(spec.model) || sigmaXColumns(spec.columns).length > 0;
}

const ODR_JSON = String.raw`print(json.dumps({
    "success": bool(out.info < 4),  # ODRPACK's info: 1-3 converged, 4 iteration limit, >= 5 an error
    "info": int(out.info),
    "stopreason": list(out.stopreason),
    "sum_square": finite(out.sum_square),
    "sum_square_delta": finite(out.sum_square_delta),
    "sum_square_eps": finite(out.sum_square_eps),
    "res_var": finite(out.res_var),
    "parameters": [
        {"name": name, "value": finite(values[name]), "stderr": None if name in FIXED else finite(errors[name]), "fixed": name in FIXED}
        for name in NAMES
    ],
}))
`;

/**
 * The script. Throws RangeError for a model that does not compile, groups or ties (the ODR fit
 * takes neither on the page yet), an invalid delimiter, or every parameter fixed.
 */
export function odrPythonScript(spec: FitSpec, options: PythonScriptOptions): string {
  if (spec.groups) throw new RangeError('odrPythonScript: an errors-in-variables fit is exported for one data set (no groups)');
  if (spec.ties && spec.ties.length > 0) throw new RangeError('odrPythonScript: ties are not exported with errors in x yet');
  checkDelimiter(options.delimiter);
  const implicit = isEquationModel(spec.model);
  const columns = implicit ? [...spec.columns.x, spec.columns.y] : spec.columns.x;
  const compiled = implicit ? compileEquation(spec.model, { columns }) : compileModel(spec.model, { columns });
  if (!compiled.ok) throw new RangeError(`pythonScript: ${compiled.error.message}`);
  const model = compiled.value;
  const { rows, free, fixed } = parameterRows(spec, model.params, 'scipy.odr');
  const s = spec.settings;
  const sx = spec.columns.sigmaX ?? {};
  const sigmaOf = (v: string): string | null => (Object.prototype.hasOwnProperty.call(sx, v) ? sx[v] : v === spec.columns.y && implicit ? spec.columns.sigma : null);
  const vars = model.variables;
  const dataColumns = [...new Set([...vars, ...(implicit ? [] : [spec.columns.y]), ...vars.flatMap((v) => sigmaOf(v) ?? []), ...(!implicit && spec.columns.sigma !== null ? [spec.columns.sigma] : [])])];
  const used = new Set<string>();
  calledFunctions(model.ast, used);
  const special = ['erf', 'erfc'].filter((n) => used.has(n));
  const rowRules = scriptRows(spec);
  const bounded = free.filter((p) => p.min !== -Infinity || p.max !== Infinity);

  return [
    '#!/usr/bin/env python3',
    `# A Fitbench errors-in-variables fit as a standalone script: orthogonal distance regression${implicit ? ' of an implicit model' : ''}`,
    '# (ODRPACK, Boggs, Byrd & Schnabel 1987) on the same data, model, start values and sigma columns.',
    '# Usage: python3 fit.py [DATA.csv]. The last line printed is JSON with the parameters.',
    'import csv',
    'import json',
    'import re',
    'import sys',
    '',
    'import numpy as np',
    '# scipy.odr is deprecated in SciPy 1.17 and removed in 1.19; the `odrpack` package (pip install odrpack)',
    '# replaces it with the same ODRPACK underneath. This script uses scipy.odr, which scipy < 1.19 has.',
    'from scipy import odr',
    ...(special.length > 0 ? [`from scipy.special import ${special.join(', ')}`] : []),
    '',
    ...pyFileSettings(options),
    `MODEL = ${pyString(spec.model)}  # as written in Fitbench; model() below is its translation${implicit ? ' (g = lhs - rhs, fitted to g = 0)' : ''}`,
    `VARIABLES = ${pyList(vars.map(pyString))}`,
    `SIGMA = {${vars.flatMap((v) => (sigmaOf(v) === null ? [] : [`${pyString(v)}: ${pyString(sigmaOf(v) ?? '')}`])).join(', ')}}  # the sigma column of each variable measured with error`,
    ...(implicit ? [] : [`Y_COLUMN = ${pyString(spec.columns.y)}`, `Y_SIGMA = ${spec.columns.sigma === null ? 'None' : pyString(spec.columns.sigma)}`]),
    `ABSOLUTE_SIGMA = ${pyBool(s.absoluteSigma)}`,
    '',
    PY_LOADER,
    '',
    ...(rowRules ? [`WHERE = ${pyList(rowRules.where.map((w) => `(${pyString(w.column)}, ${pyString(w.op)}, ${pyString(w.value)})`))}`, `EXCLUDE_LINES = ${rowRules.exclude.length > 0 ? `{${rowRules.exclude.join(', ')}}` : 'set()'}`, PY_ROW_MASK, ''] : []),
    '',
    ...pyModelFunction(model, rows),
    '',
    '',
    'def fcn(beta, x):',
    '    """ODRPACK\'s f(beta, x): x holds one row per variable (a 1-D array for one)."""',
    '    return model(np.reshape(x, (len(VARIABLES), -1)), *beta)',
    '',
    '',
    `DATA_COLUMNS = ${pyList(dataColumns.map(pyString))}`,
    'columns = dict(zip(DATA_COLUMNS, load_columns(CSV_FILE, DATA_COLUMNS)))',
    ...(rowRules ? ['keep = row_mask(CSV_FILE)  # the row filters and excluded points'] : ['keep = np.ones(columns[DATA_COLUMNS[0]].size, dtype=bool)']),
    'for name in DATA_COLUMNS:',
    '    keep &= np.isfinite(columns[name])',
    'X = np.vstack([columns[v][keep] for v in VARIABLES])',
    '# An exact variable (no sigma column) is held fixed (ifixx 0) with a unit sigma that then does not matter.',
    'SX = np.vstack([columns[SIGMA[v]][keep] if v in SIGMA else np.ones(X.shape[1]) for v in VARIABLES])',
    'IFIXX = np.vstack([np.ones(X.shape[1], dtype=int) if v in SIGMA else np.zeros(X.shape[1], dtype=int) for v in VARIABLES])',
    ...(implicit
      ? [
          '# Implicit mode: every coordinate observed (with its sigma, or unit weight), y=1 names one equation.',
          'data = odr.RealData(X, y=1, sx=SX)',
          'odr_model = odr.Model(fcn, implicit=True)',
          'FIT_TYPE = 1',
        ]
      : [
          'Y = columns[Y_COLUMN][keep]',
          'SY = columns[Y_SIGMA][keep] if Y_SIGMA is not None else None',
          'data = odr.RealData(X[0] if len(VARIABLES) == 1 else X, Y, sx=SX[0] if len(VARIABLES) == 1 else SX, sy=SY)',
          'odr_model = odr.Model(fcn)',
          'FIT_TYPE = 0',
        ]),
    '',
    `NAMES = ${pyList(rows.map((p) => pyString(p.name)))}`,
    `FREE = ${pyList(free.map((p) => pyString(p.name)))}`,
    `FIXED = {${fixed.map((p) => `${pyString(p.name)}: ${pyFloat(p.value ?? NaN)}`).join(', ')}}`,
    ...(free.some((p) => p.value === null) ? [`# No start value on the page for ${free.filter((p) => p.value === null).map((p) => p.name).join(', ')}: 1.0 here; fitbench's Fit searches for it.`] : []),
    `p0 = ${pyList(free.map((p) => pyFloat(p.value ?? 1)))}`,
    ...(bounded.length > 0
      ? [
          `# Fitbench bounds ${bounded.map((p) => p.name).join(', ')}; scipy.odr takes no bounds, so this fit is unbounded.`,
          `print("scipy.odr takes no bounds: ${bounded.map((p) => p.name).join(', ')} fitted without them", file=sys.stderr)`,
        ]
      : []),
    '',
    `fit = odr.ODR(data, odr_model, beta0=p0, ${implicit ? '' : 'ifixx=IFIXX if len(VARIABLES) > 1 else IFIXX[0], '}sstol=1e-15, partol=1e-15, maxit=1000)`,
    'fit.set_job(fit_type=FIT_TYPE)',
    'out = fit.run()',
    '# ODRPACK reports sd_beta = sqrt(diag(cov_beta * res_var)); with absolute sigma, cov_beta unscaled.',
    'pcov = out.cov_beta if ABSOLUTE_SIGMA else out.cov_beta * out.res_var',
    'popt = out.beta',
    'info = {"fvec": np.array([np.sqrt(out.sum_square)])}  # chi2 below is ODRPACK\'s sum_square',
    PY_REPORT,
    ...(options.pageFit ? pyPageFit(rows.map((p) => p.name), options.pageFit) : []),
    ODR_JSON,
  ]
    .filter((line, i, all) => !(line === '' && all[i - 1] === '' && all[i - 2] === ''))
    .join('\n');
}
