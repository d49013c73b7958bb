/**
 * Which kind of model a text is (issue 23): a closed-form model is one expression, in which "="
 * and "~" are refused (lexer.ts); a text with statements (`dX/dt = …`, `X(t0) = …`, `COL ~ …`,
 * separated by newlines or ";") is an ODE model. The CLI and the page read the text by this rule.
 */

/** Whether the model text is statements of an ODE model rather than one expression ("#" comments aside). */
export function isOdeModel(text: string): boolean {
  return /[=~]/.test(text.replace(/#[^\n]*/g, ''));
}
