/**
 * Turns --p0, --bounds and --fix into the parameter table, checked against the model's parameters.
 * A parameter without --p0 gets value null: main starts it automatically (src/start).
 */
import type { ParameterSpec } from '../fit/parameters';
import type { FitCommand } from './args';
import { CliError } from './errors';

/**
 * `prefix` names the options in messages: '' for the model's, 'compare-' for --compare-model's
 * own --compare-p0/--compare-bounds/--compare-fix.
 */
export function parameterTable(command: Pick<FitCommand, 'p0' | 'bounds' | 'fix' | 'ties'>, params: readonly string[], prefix = ''): ParameterSpec[] {
  const known = new Set(params);
  const model = prefix === '' ? 'the model' : 'the --compare-model model';
  for (const [option, map] of [[`${prefix}p0`, command.p0], [`${prefix}bounds`, command.bounds], [`${prefix}fix`, command.fix]] as const) {
    for (const name of map.keys()) {
      const tie = command.ties.find((t) => t.name === name);
      if (tie) throw new CliError(`--${option}: "${name}" is tied (--tie ${name}=${tie.expression}), so it is not fitted; give values for the parameters it is made of.`);
      if (!known.has(name)) {
        throw new CliError(`--${option}: ${model} has no parameter "${name}"; its parameters are ${params.join(', ') || '(none)'}.`);
      }
    }
  }
  return params.map((name) => {
    const bound = command.bounds.get(name);
    const fixed = command.fix.get(name);
    if (fixed !== undefined && command.p0.has(name)) {
      throw new CliError(`"${name}" is given in both --${prefix}p0 and --${prefix}fix; keep one.`);
    }
    // A fixed value outside its bounds is a contradiction, not a start to clip (lmfit would move
    // it into the box, scipy has no fixed parameters): refused, so the fit is the one asked for.
    // Inside them the bounds hold trivially and the fit is the same without them.
    if (fixed !== undefined && bound && !(fixed >= bound[0] && fixed <= bound[1])) {
      const text = (v: number) => (v === Infinity ? 'inf' : v === -Infinity ? '-inf' : String(v));
      throw new CliError(
        `--${prefix}fix ${name}=${fixed} lies outside --${prefix}bounds ${name}=${text(bound[0])}:${text(bound[1])}: a fixed parameter is held at its value, not fitted, so it cannot keep to bounds. Fix it inside [${text(bound[0])}, ${text(bound[1])}], or drop the bounds of "${name}".`,
      );
    }
    const value = fixed ?? command.p0.get(name) ?? null;
    if (value !== null && !Number.isFinite(value)) throw new CliError(`The start value of "${name}" must be finite, got ${value}.`);
    return { name, value, min: bound?.[0], max: bound?.[1], fixed: fixed !== undefined };
  });
}
