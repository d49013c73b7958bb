/**
 * An ODE model's parameter table from --p0, --bounds and --fix (parameters.ts, as for a
 * closed-form model). An ODE model has no automatic start search yet, so every free parameter
 * needs its start: a missing one is refused with the list of what to give.
 */
import type { ParameterSpec } from '../fit/parameters';
import type { FitCommand } from './args';
import { CliError } from './errors';
import { parameterTable } from './parameters';

export function odeFitJobParameters(command: Pick<FitCommand, 'p0' | 'bounds' | 'fix' | 'ties'>, params: readonly string[]): ParameterSpec[] {
  const table = parameterTable(command, params);
  const missing = table.filter((p) => !p.fixed && p.value === null).map((p) => p.name);
  if (missing.length > 0) {
    throw new CliError(
      `--p0: an ODE model has no automatic start search yet: give a start value for every parameter with --p0 (missing: ${missing.join(', ')}), e.g. --p0 ${missing.map((n) => `${n}=1`).join(',')}.`,
    );
  }
  return table;
}
