/**
 * The `def model(X, <free parameters>)` of the exported script: the model's variables unpacked
 * from the rows of X, fixed parameters as literals inside the function (curve_fit never sees
 * them), and the expression printed from the syntax tree (pyExpr.ts). A model that uses no column
 * returns a constant per row, since curve_fit needs one value per data point.
 */
import type { CompiledModel, Expr } from '../../model/index';
import type { ParameterRow } from '../../share/types';
import { pyExpr } from './pyExpr';
import { pyFloat } from './pyLiteral';
import { pythonNames } from './pyNames';

/** The names of the functions a tree calls (for the scipy.special import). */
export function calledFunctions(e: Expr, out = new Set<string>()): Set<string> {
  if (e.kind === 'call') {
    out.add(e.name);
    e.args.forEach((a) => calledFunctions(a, out));
  } else if (e.kind === 'unary') calledFunctions(e.arg, out);
  else if (e.kind === 'binary') calledFunctions(e.right, calledFunctions(e.left, out));
  return out;
}

/** Lines of the model function; `rows` are the parameter rows in model.params order. */
export function pyModelFunction(model: CompiledModel, rows: readonly ParameterRow[]): string[] {
  const names = pythonNames([...model.variables, ...model.params]);
  const py = (n: string) => names.get(n) ?? n;
  const free = rows.filter((p) => !p.fixed);
  const expr = pyExpr(model.ast, { names });
  const vars = model.variables.map(py);
  return [
    `def model(X, ${free.map((p) => py(p.name)).join(', ')}):`,
    ...(vars.length > 0 ? [`    ${vars.join(', ')}${vars.length === 1 ? ',' : ''} = X`] : []),
    ...rows.filter((p) => p.fixed).map((p) => `    ${py(p.name)} = ${pyFloat(p.value ?? NaN)}  # fixed`),
    `    return ${vars.length > 0 ? expr : `np.full(X.shape[-1], ${expr}, dtype=float)`}`,
  ];
}
