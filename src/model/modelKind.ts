/**
 * Which kind of model a text is (issues 23, 24): a closed-form model is one expression, in which
 * "=" and "~" are refused (lexer.ts); one equation `lhs = rhs` between columns and parameters is
 * an implicit model (equation.ts, fitted by fit/odr); a text with statements (`dX/dt = …`,
 * `X(t0) = …`, `COL ~ …`, separated by newlines or ";") is an ODE model. The CLI and the page read
 * the text by this rule.
 */
import { isEquationModel } from './equation';

/** Whether the model text is statements of an ODE model rather than one expression or one equation ("#" comments aside). */
export function isOdeModel(text: string): boolean {
  return /[=~]/.test(text.replace(/#[^\n]*/g, '')) && !isEquationModel(text);
}

export { isEquationModel };
