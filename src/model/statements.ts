/**
 * ODE models as statements (issue 23), parsed into a validated, plain-data structure:
 *
 *   dH/dt = alpha*H - beta*H*L     a state H and its rate; t is time
 *   r = k*S                        an intermediate, defined before use
 *   H(1900) = H0                   the initial value at t0 (a number; the same for every state),
 *                                  of parameters and of intermediates that hold no state or t
 *   Hare ~ H                       data column Hare is modelled by the expression H
 *   conc ~ A/V | conc_sd           … with the standard deviations σ of conc in column conc_sd
 *
 * Statements are separated by newlines or ";", "#" starts a comment (statementSplit.ts). Every
 * right-hand side goes through the model's expression parser (parse.ts) at its true offsets, so
 * its errors keep their wording and place. Names on a right-hand side are states, `t`,
 * intermediates defined above, constants, or else fitted parameters; the column left of "~" is
 * a data column, so a column may share its state's name (`A ~ A`).
 *
 * The result names each piece once: ident nodes of role 'variable' in its expressions are states,
 * `t` or intermediates (`kindOf` tells which); 'param' nodes are the fitted parameters.
 */
import { MAX_MODEL_LENGTH, modelError, type Result } from './errors';
import { Checker } from './statementCheck';
import * as fail from './statementErrors';
import type { StatementError } from './statementErrors';
import { readLeft, reservedWhy, StatementFailure, stop, type Left } from './statementLeft';
import type { OdeModelSpec, OdeState, StatementOptions } from './statementSpec';
import { blankComments, splitStatements } from './statementSplit';

export { forEachIdent, kindOf, TIME } from './statementSpec';
export type { OdeIntermediate, OdeModelSpec, OdeObservation, OdeState, StatementOptions } from './statementSpec';

/** Parses and validates an ODE model; see the module docblock. */
export function parseStatements(source: string, options: StatementOptions = {}): Result<OdeModelSpec, StatementError> {
  if (source.length > MAX_MODEL_LENGTH) {
    return { ok: false, error: modelError(source, 'too-long', 0, source.length, () => `Model is too long (max ${MAX_MODEL_LENGTH} characters)`) };
  }
  const text = blankComments(source);
  const raw = splitStatements(text);
  if (raw.length === 0) {
    return { ok: false, error: modelError(source, 'empty', 0, source.length, () => 'The model is empty', 'write the rates and initial values, e.g. dA/dt = -k*A; A(0) = A0') };
  }
  try {
    const ck = new Checker(text, options);
    const lefts: Left[] = raw.map((st) => {
      if (st.relation === undefined) return stop(fail.noRelation(text, st));
      return readLeft(text, st, st.relation.op);
    });
    // states first: a rate may use a state declared below it
    lefts.forEach((left, i) => {
      if (left.kind !== 'rate') return;
      const why = reservedWhy(left.name);
      if (why) stop(fail.reservedName(text, left.span, left.name, why));
      const first = ck.states.get(left.name);
      if (first) stop(fail.duplicateState(text, left.span, left.name, first.declared));
      ck.states.set(left.name, { declared: left.span, rate: { kind: 'number', value: NaN, text: '', start: raw[i].start, end: raw[i].start } });
    });
    if (ck.states.size === 0) stop(fail.noStates(text));
    lefts.forEach((left, i) => {
      const st = raw[i];
      if (left.kind === 'rate') ck.rate(left, st);
      else if (left.kind === 'initial') ck.initial(left, st);
      else if (st.relation!.op === '=') ck.intermediate(left, st);
      else ck.observation(left, st);
    });
    const t0 = ck.initials.values().next();
    for (const [name, s] of ck.states) {
      if (!ck.initials.has(name)) stop(fail.missingInitial(text, s.declared, name, t0.done ? '0' : String(t0.value.t0)));
    }
    if (ck.observations.length === 0 && ck.states.size > 1) stop(fail.noObservation(text, [...ck.states.keys()]));
    const states: OdeState[] = [...ck.states].map(([name, s]) => {
      const init = ck.initials.get(name)!;
      return { name, declared: s.declared, rate: s.rate, initial: init.expr, initialAt: init.at };
    });
    return {
      ok: true,
      value: {
        source,
        states,
        t0: (t0.value as { t0: number }).t0,
        intermediates: [...ck.intermediates].map(([name, v]) => ({ name, declared: v.declared, expr: v.expr })),
        observations: ck.observations,
        params: [...ck.paramUse.keys()],
      },
    };
  } catch (e) {
    if (e instanceof StatementFailure) return { ok: false, error: e.error };
    throw e;
  }
}
