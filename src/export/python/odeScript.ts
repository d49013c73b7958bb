/**
 * An ODE model's fit (issue 23) as a standalone Python 3 script: scipy.integrate.solve_ivp inside
 * scipy.optimize.least_squares, the way a scipy user fits an ODE model, on the same CSV, with the
 * spec's start values, bounds, solver settings and integration tolerances. The rates, initial
 * values and `~` lines are printed from the statements' syntax trees (pyExpr.ts), never from the
 * text. The last line printed is the JSON of pythonScript (pyReport.ts).
 *
 * The integrators, by what they are:
 *
 *   Fitbench   solve_ivp   why
 *   dopri5     'RK45'      the same Dormand–Prince 5(4) pair with its 4th-order error estimate
 *                          (Dormand & Prince 1980; Hairer, Nørsett & Wanner I, II.5): the method
 *                          asked for is the method that runs (DOP853 would take fewer steps at
 *                          tight tolerances, but is another method)
 *   rodas4     'Radau'     L-stable and implicit, as Rodas4 is (Hairer & Wanner II, IV.7); BDF is
 *                          not L-stable above order 2, LSODA is a switch
 *   auto       'LSODA'     switches between a non-stiff (Adams) and a stiff (BDF) method as it
 *                          detects stiffness (Petzold 1983), as `auto` switches between Dormand–
 *                          Prince and Rodas4
 *
 * At the tolerances an ODE fit integrates with (1e-10 relative by default) every method reaches
 * the same solution to far below the data's noise, so the minimum is the same; the differences
 * that remain are the Jacobian's: Fitbench integrates exact sensitivities, the script takes
 * central differences ('3-point'), because the adaptive step control makes the solution a
 * slightly rough function of the parameters (of the order of rtol), which forward differences at
 * a relative step √ε ≈ 1.5e-8 would amplify to ~1e-2 in J and central ones at ε^⅓ ≈ 6e-6 do not.
 * A failed integration gives NaN residuals, which least_squares rejects as a step, as Fitbench's
 * fit rejects it (src/fit/ode/odeEvaluator.ts).
 */
import { defaultMaxNfev } from '../../fit/defaults';
import { forEachIdent, parseStatements, TIME, type Expr, type Ident, type OdeModelSpec } from '../../model/index';
import type { FitSpec } from '../../share/types';
import { specDataColumns } from '../../share/odeSpec';
import { PY_LOADER, PY_ROW_MASK } from './pyLoader';
import { pyFloat, pyList, pyString } from './pyLiteral';
import { pyExpr } from './pyExpr';
import { calledFunctions } from './pyModel';
import { pythonNames } from './pyNames';
import { PY_REPORT, PY_REPORT_JSON, pyPageFit } from './pyReport';
import type { PythonScriptOptions } from './script';
import { checkDelimiter, parameterRows, pyFileSettings, pyTrfArguments, scriptRows } from './pySpec';

export const SOLVE_IVP_METHOD = { dopri5: 'RK45', rodas4: 'Radau', auto: 'LSODA' } as const;

/** Names the ODE script defines, which no model name may take (pyNames.ts renames it). */
const ODE_SCRIPT_NAMES = ['solve_ivp', 'least_squares', 'rates', 'initial', 'observe', 'residuals', 'full', 'P', 'X', 'fit'];


const stateIdent = (name: string): Ident => ({ kind: 'ident', name, role: 'variable', start: 0, end: 0 });

/** `a, b = P` (`a, = P` for one name). */
const unpack = (names: readonly string[], from: string) => `    ${names.join(', ')}${names.length === 1 ? ',' : ''} = ${from}`;

/** The intermediates that hold no state and no t (directly or through another): the ones initial() may compute. */
function timeless(spec: OdeModelSpec): Set<string> {
  const moving = new Set<string>([TIME, ...spec.states.map((s) => s.name)]);
  const out = new Set<string>();
  for (const v of spec.intermediates) {
    let moves = false;
    forEachIdent(v.expr, (id) => {
      if (id.role === 'variable' && moving.has(id.name)) moves = true;
    });
    if (moves) moving.add(v.name);
    else out.add(v.name);
  }
  return out;
}

/**
 * The script. Throws RangeError for a spec without `ode`, statements that do not parse, ties or
 * groups (an ODE fit takes neither yet), an invalid delimiter, or every parameter fixed.
 */
export function odePythonScript(spec: FitSpec, options: PythonScriptOptions): string {
  const ode = spec.ode;
  if (!ode) throw new RangeError('odePythonScript: the spec is not an ODE model (no ode settings)');
  if (spec.groups) throw new RangeError('odePythonScript: an ODE model is fitted to one data set (no groups)');
  if (spec.ties && spec.ties.length > 0) throw new RangeError('odePythonScript: ties do not apply to an ODE model; write them into the statements');
  checkDelimiter(options.delimiter);
  const parsed = parseStatements(spec.model);
  if (!parsed.ok) throw new RangeError(`pythonScript: ${parsed.error.message}`);
  const model = parsed.value;
  const time = spec.columns.x[0];
  if (time === undefined) throw new RangeError('odePythonScript: no time column');
  // A one-state model without a ~ line observes columns.y (and its σ) as that state, as the CLI does.
  const observations = model.observations.length > 0
    ? model.observations.map((o) => ({ column: o.column, sigma: o.sigma ?? null, expr: o.expr }))
    : [{ column: spec.columns.y, sigma: spec.columns.sigma, expr: stateIdent(model.states[0].name) }];
  const { rows, free, fixed } = parameterRows(spec, model.params, 'least_squares');
  const s = spec.settings;
  const names = pythonNames([TIME, ...model.states.map((x) => x.name), ...model.intermediates.map((v) => v.name), ...model.params], ODE_SCRIPT_NAMES);
  const py = (n: string) => names.get(n) ?? n;
  const ex = (e: Expr) => pyExpr(e, { names });
  const states = model.states.map((x) => py(x.name));
  const params = model.params.map(py);
  const constants = timeless(model);
  const used = new Set<string>();
  for (const e of [...model.states.flatMap((x) => [x.rate, x.initial]), ...model.intermediates.map((v) => v.expr), ...observations.map((o) => o.expr)]) calledFunctions(e, used);
  const special = ['erf', 'erfc'].filter((n) => used.has(n));
  const intermediates = (only?: Set<string>) => model.intermediates.filter((v) => !only || only.has(v.name)).map((v) => `    ${py(v.name)} = ${ex(v.expr)}`);
  const method = SOLVE_IVP_METHOD[ode.method];
  const dataColumns = specDataColumns(spec).names;
  const rowRules = scriptRows(spec);
  const maxNfev = s.maxNfev ?? defaultMaxNfev(free.length);

  return [
    '#!/usr/bin/env python3',
    '# A Fitbench ODE fit as a standalone script: the same data, statements, start values, bounds and',
    '# settings, integrated by scipy.integrate.solve_ivp inside scipy.optimize.least_squares (Python 3,',
    '# numpy, scipy). Usage: python3 fit.py [DATA.csv]. The last line printed is JSON with the parameters.',
    'import csv',
    'import json',
    'import re',
    'import sys',
    '',
    'import numpy as np',
    'from scipy.integrate import solve_ivp',
    'from scipy.optimize import least_squares',
    ...(special.length > 0 ? [`from scipy.special import ${special.join(', ')}`] : []),
    '',
    ...pyFileSettings(options),
    `MODEL = ${pyString(spec.model)}  # as written in Fitbench; rates(), initial() and observe() below are its translation`,
    `TIME_COLUMN = ${pyString(time)}`,
    `OBSERVED = ${pyList(observations.map((o) => `(${pyString(o.column)}, ${o.sigma === null ? 'None' : pyString(o.sigma)})`))}  # (column, sigma column) of each ~ line`,
    `T0 = ${pyFloat(model.t0)}  # the time of the initial values`,
    `METHOD = ${pyString(method)}  # Fitbench's ${ode.method}: ${method === 'RK45' ? 'RK45 is the same Dormand-Prince 5(4) pair' : method === 'Radau' ? 'Radau is L-stable and implicit, as Rodas4 is' : 'LSODA switches between non-stiff and stiff methods, as auto does'}`,
    `RTOL = ${pyFloat(ode.rtol)}`,
    `ATOL = ${pyFloat(ode.atol)}`,
    '',
    PY_LOADER,
    '',
    ...(rowRules ? [`WHERE = ${pyList(rowRules.where.map((w) => `(${pyString(w.column)}, ${pyString(w.op)}, ${pyString(w.value)})`))}`, `EXCLUDE_LINES = ${rowRules.exclude.length > 0 ? `{${rowRules.exclude.join(', ')}}` : 'set()'}`, PY_ROW_MASK, ''] : []),
    '',
    `def rates(${py(TIME)}, X, P):`,
    `    """d/dt of the states ${states.join(', ')} (the model's dX/dt lines)."""`,
    unpack(states, 'X'),
    unpack(params, 'P'),
    ...intermediates(),
    `    return [${model.states.map((x) => ex(x.rate)).join(', ')}]`,
    '',
    '',
    'def initial(P):',
    `    """The states at T0 (the model's X(t0) lines)."""`,
    unpack(params, 'P'),
    ...intermediates(constants),
    `    return [${model.states.map((x) => ex(x.initial)).join(', ')}]`,
    '',
    '',
    `def observe(${py(TIME)}, X, P):`,
    '    """Each ~ line\'s expression at the times t (X: one row of values per state)."""',
    unpack(states, 'X'),
    unpack(params, 'P'),
    ...intermediates(),
    `    return [${observations.map((o) => `np.broadcast_to(${ex(o.expr)}, ${py(TIME)}.shape)`).join(', ')}]`,
    '',
    '',
    `columns = dict(zip(${pyList(dataColumns.map(pyString))}, load_columns(CSV_FILE, ${pyList(dataColumns.map(pyString))})))`,
    'T = columns[TIME_COLUMN]',
    ...(rowRules ? ['ROWS = row_mask(CSV_FILE)  # the row filters and excluded points'] : ['ROWS = np.ones(T.size, dtype=bool)']),
    'DATA = []  # (times, values, sigma) of each observed column',
    'for column, sigma in OBSERVED:',
    '    y = columns[column]',
    '    s = columns[sigma] if sigma is not None else np.ones_like(y)',
    '    keep = ROWS & np.isfinite(T) & np.isfinite(y) & np.isfinite(s) & (s > 0)',
    '    if (ROWS & ~keep).any():',
    '        print("%s: %d rows with an empty or unusable cell left out of this response" % (column, (ROWS & ~keep).sum()), file=sys.stderr)',
    '    DATA.append((T[keep], y[keep], s[keep]))',
    'TIMES = np.unique(np.concatenate([d[0] for d in DATA]))',
    'if TIMES[0] < T0:',
    '    sys.exit("the data start at %g, before the initial values at T0 = %g: this script integrates forward only" % (TIMES[0], T0))',
    'INDEX = [np.searchsorted(TIMES, d[0]) for d in DATA]',
    'N = sum(d[0].size for d in DATA)',
    '',
    `NAMES = ${pyList(rows.map((p) => pyString(p.name)))}`,
    `FREE = ${pyList(free.map((p) => pyString(p.name)))}`,
    `FIXED = {${fixed.map((p) => `${pyString(p.name)}: ${pyFloat(p.value ?? NaN)}`).join(', ')}}`,
    ...(free.some((p) => p.value === null) ? [`# No start value on the page for ${free.filter((p) => p.value === null).map((p) => p.name).join(', ')}: 1.0 here; fitbench's Fit searches for it.`] : []),
    `p0 = ${pyList(free.map((p) => pyFloat(p.value ?? 1)))}`,
    `lower = ${pyList(free.map((p) => pyFloat(p.min)))}`,
    `upper = ${pyList(free.map((p) => pyFloat(p.max)))}`,
    '',
    '',
    'def full(free):',
    '    values = {**FIXED, **dict(zip(FREE, free))}',
    '    return tuple(values[name] for name in NAMES)',
    '',
    '',
    'def residuals(free):',
    '    P = full(free)',
    '    sol = solve_ivp(rates, (T0, TIMES[-1]), initial(P), method=METHOD, t_eval=TIMES, rtol=RTOL, atol=ATOL, args=(P,))',
    '    if sol.status != 0 or sol.y.shape[1] != TIMES.size:',
    '        return np.full(N, np.nan)  # a failed integration: least_squares rejects the step',
    '    curves = observe(TIMES, sol.y, P)',
    '    return np.concatenate([(c[i] - y) / s for c, i, (_, y, s) in zip(curves, INDEX, DATA)])',
    '',
    '',
    `# Fitbench integrates exact sensitivities for the Jacobian; central differences here (see the docblock of src/export/python/odeScript.ts).`,
    'fit = least_squares(',
    '    residuals, p0, jac="3-point",',
    ...pyTrfArguments(s),
    `    max_nfev=${maxNfev},${s.maxNfev === null ? "  # Fitbench's default budget, max(2000, 500 k)" : ''}`,
    `    x_scale=${s.xScale === 'jac' ? '"jac"' : pyFloat(s.xScale)},`,
    ')',
    '# The covariance as curve_fit forms it: the pseudo-inverse of J^T J by the SVD, times 2 cost / (N - k)',
    `# ${s.absoluteSigma ? 'not scaled: the sigma columns are absolute' : 'unless sigma is absolute'}.`,
    '_, sv, VT = np.linalg.svd(fit.jac, full_matrices=False)',
    'rank = sv > np.finfo(float).eps * max(fit.jac.shape) * sv[0]',
    'pcov = (VT[rank].T / sv[rank] ** 2) @ VT[rank]',
    ...(s.absoluteSigma ? [] : ['pcov = pcov * (2 * fit.cost / (N - len(FREE))) if N > len(FREE) else np.full_like(pcov, np.inf)']),
    'popt, info, status = fit.x, {"fvec": fit.fun, "nfev": fit.nfev}, fit.status',
    PY_REPORT,
    ...(options.pageFit ? pyPageFit(rows.map((p) => p.name), options.pageFit) : []),
    PY_REPORT_JSON,
  ]
    .filter((line, i, all) => !(line === '' && all[i - 1] === '' && all[i - 2] === ''))
    .join('\n');
}
