/**
 * Tying a parameter from its row (issue 10): `setTie('b', '2*a')` ties b to 2·a, an empty text
 * unties it. The tie is checked against the model as it is now (the same checks as the CLI's
 * --tie, src/fit/ties.ts); a tie that cannot be made is not applied and the message says why and
 * what to write instead, so the row can keep the text for the user to mend.
 */
import { tieProblem } from '../../fit/ties';
import { NO_PARAM_ERRORS, type TieRow } from '../slices/params';
import { getState, setState } from '../store';
import { refreshCurve } from './curve';

/** Ties `name` to `expression` (empty: unties it). Resolves to null when done, else why not. */
export function setTie(name: string, expression: string): string | null {
  const s = getState();
  const text = expression.trim();
  const others = s.ties.filter((t) => t.name !== name);
  if (text === '') {
    if (others.length !== s.ties.length) apply(others);
    return null;
  }
  if (s.modelInfo.error) return 'The model does not parse yet: mend it first, then tie the parameter.';
  const params = s.modelInfo.params;
  const tie: TieRow = { name, expression: text };
  // The other ties in use: a tie whose parameter left the model waits and is no obstacle.
  const inUse = others.filter((t) => params.includes(t.name));
  const problem = tieProblem(tie, params, inUse);
  if (problem) return problem.message;
  const user = inUse.find((t) => tieProblem(t, params, [tie])?.kind === 'chained');
  if (user) return `${user.name} = ${user.expression} uses ${name}, so ${name} cannot be tied too: untie ${user.name} first, or write it in terms of free parameters.`;
  const free = params.filter((p) => p !== name && !inUse.some((t) => t.name === p));
  if (!free.some((p) => !s.params.find((r) => r.name === p)?.fixed)) return `Tying ${name} would leave no free parameter to fit; untie another one first.`;
  apply([...others, tie]);
  return null;
}

function apply(ties: readonly TieRow[]): void {
  const s = getState();
  const fitError = s.fitError?.code === 'tie' ? null : s.fitError;
  setState({ ties, fitError, paramErrors: NO_PARAM_ERRORS });
  refreshCurve();
}
