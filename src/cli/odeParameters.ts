/**
 * An ODE model's parameter table from --p0, --bounds and --fix (parameters.ts, as for a
 * closed-form model). A free parameter without a start is found by the ODE start search
 * (src/start/ode), as a closed-form model's is by src/start.
 */
import type { ParameterSpec } from '../fit/parameters';
import type { FitCommand } from './args';
import { parameterTable } from './parameters';

export function odeFitJobParameters(command: Pick<FitCommand, 'p0' | 'bounds' | 'fix' | 'ties'>, params: readonly string[]): ParameterSpec[] {
  return parameterTable(command, params);
}
