/**
 * A failed integration in the user's terms: src/ode reports the component by index ("state 1",
 * "sensitivity of state 0 to column 3 of 8"); a fit names the state as the model writes it and
 * says what to do.
 */
import type { CompiledOde } from '../../model/odeCompile';
import type { OdeStatus } from '../../ode/types';

/** "state L" for index 1 of a model whose states are H, L (the sensitivity's state for a sensitivity). */
export function stateName(model: CompiledOde, index: number): string | null {
  const n = model.layout.n;
  if (index < 0) return null;
  return model.spec.states[index < n ? index : (index - n) % n]?.name ?? null;
}

/** One sentence: what failed, at which time and state, and what to do. */
export function integrationFailureText(model: CompiledOde, failure: OdeStatus & { ok: false }, where: string): string {
  const state = stateName(model, failure.index);
  const at = `t = ${failure.t}${state ? `, state ${state}` : ''}`;
  const fix = failure.code === 'max-steps' || failure.code === 'step-underflow'
    ? 'try --ode-method rodas4 if the system is stiff, loosen --rtol/--atol, or choose other start values (--p0)'
    : 'choose other start values (--p0) or bounds that keep the solution finite (--bounds)';
  return `The ODE integration failed ${where} (${failure.code} at ${at}): ${failure.message}. Fix: ${fix}.`;
}
