/**
 * Tied parameters in the exported script (issue 10; the page's ties, the CLI's --tie): the script
 * fits the model with each tie written in (../untie.ts), then prints each tied parameter's value
 * at the fitted parameters and its standard error by the delta method, se² = gᵀ·pcov·g (Bates &
 * Watts 1988, §2.3), the gradient g taken by central differences over the free parameters (h =
 * ∛ε·|p|, the step that balances truncation against rounding). The expressions are printed from
 * their syntax trees (pyExpr.ts), never copied from the text; the names as string literals.
 */
import type { DerivedSpec } from '../../fit/derived';
import { compileModel } from '../../model/index';
import { pyExpr } from './pyExpr';
import { pyList, pyString } from './pyLiteral';

/** The lines after the parameter table: TIES, tied_values(), and the printed values ± errors. */
export function pyTies(ties: readonly DerivedSpec[], params: readonly string[]): string[] {
  if (ties.length === 0) return [];
  // A parameter's value is looked up by its name, a string literal: no Python name is needed.
  const names = new Map(params.map((p) => [p, `values[${pyString(p)}]`]));
  const exprs = ties.map((t) => {
    const compiled = compileModel(t.expression, { columns: [] });
    if (!compiled.ok) throw new RangeError(`pythonScript: the tie of ${t.name}: ${compiled.error.message}`);
    return `${pyString(t.name)}: ${pyExpr(compiled.value.ast, { names })}`;
  });
  return [
    '',
    `TIES = ${pyList(ties.map((t) => `(${pyString(t.name)}, ${pyString(t.expression)})`))}  # tied in Fitbench: not fitted, written into the model`,
    '',
    '',
    'def tied_values(values):',
    '    """The tied parameters at the parameters\' values (a dict by name)."""',
    `    return {${exprs.join(', ')}}`,
    '',
    '',
    'def tied_report():',
    '    """Each tied parameter\'s value and its delta-method error, se^2 = g\' pcov g, g by central differences."""',
    '    at = tied_values(values)',
    '    grads = {name: np.zeros(len(FREE)) for name, _ in TIES}',
    '    for j, p in enumerate(FREE):',
    '        h = np.cbrt(np.finfo(float).eps) * (abs(values[p]) if values[p] != 0 else 1.0)',
    '        up = tied_values({**values, p: values[p] + h})',
    '        down = tied_values({**values, p: values[p] - h})',
    '        for name, _ in TIES:',
    '            grads[name][j] = (up[name] - down[name]) / (2 * h)',
    '    return [{"name": name, "expression": expression, "value": finite(at[name]), "stderr": finite(np.sqrt(grads[name] @ pcov @ grads[name]))} for name, expression in TIES]',
    '',
    '',
    'TIED_REPORT = tied_report()',
    'for t in TIED_REPORT:',
    '    print("%s = %.10g +/- %.4g (tied: %s)" % (t["name"], t["value"], t["stderr"] if t["stderr"] is not None else float("nan"), t["expression"]))',
  ];
}

/** The JSON line with the tied parameters beside the fitted ones. */
export function withTiedJson(json: string): string {
  return json.replace('    "parameters": [', '    "tied": TIED_REPORT,\n    "parameters": [');
}
