/**
 * The full single-fit result of one group, computed only when someone opens it: curve_fit
 * (curveFit.ts) on the group's rows from the start values the batch used, so covariance,
 * intervals, goodness of fit and the history are those of a single fit of that group.
 */
import { curveFit } from '../curveFit';
import type { GroupInput } from '../groupInput';
import type { FitResult } from '../types';
import { prepareGroup } from './groupData';
import type { BatchRow } from '../groupRow';
import type { BatchInput } from './types';

export async function openGroup(input: BatchInput, group: GroupInput, row: BatchRow): Promise<FitResult> {
  const prepared = prepareGroup(input.model, group.data);
  const { vars, y, w } = prepared.data;
  const specs = input.model.params.map((name, i) => {
    const spec = input.parameters.find((p) => p.name === name) ?? { name };
    return { ...spec, value: spec.fixed ? spec.value : row.start[i] };
  });
  return curveFit({
    model: input.model,
    data: { vars, y, sigma: w ? w.map((v) => 1 / v) : null },
    parameters: specs,
    options: input.options,
    signal: input.signal,
  });
}
