/**
 * A range of the start search's candidates as a worker-pool task (src/parallel): plain data in
 * (the model's source, the data columns, the linear parameters and the candidate plan), the
 * range's best candidates out. The worker compiles the model and builds the variable projection
 * once per task, then scores its range exactly as the serial search does (candidates.ts).
 */
import { compileModel } from '../model/index';
import type { TaskHandler } from '../parallel/types';
import { scoreRange, type CandidatePlan, type ScoredRange } from './candidates';
import { VariableProjection } from './projection';

export interface CandidateTaskInput {
  readonly source: string;
  /** The model's variables, in order (its data columns). */
  readonly variables: readonly string[];
  /** The model's parameters, in order: checked against the worker's compilation. */
  readonly params: readonly string[];
  readonly vars: Float64Array[];
  readonly y: Float64Array;
  readonly w: Float64Array | null;
  /** Indices of the linear parameters and their bounds. */
  readonly linear: readonly number[];
  readonly linearLb: Float64Array;
  readonly linearUb: Float64Array;
  readonly plan: CandidatePlan;
  readonly start: number;
  readonly end: number;
}

export const task: TaskHandler<CandidateTaskInput, ScoredRange> = (input) => {
  const compiled = compileModel(input.source, { columns: [...input.variables] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const model = compiled.value;
  if (model.params.join('\u0000') !== input.params.join('\u0000')) throw new Error('The worker compiled the model with other parameters than the search.');
  const vp = new VariableProjection(model.kernels(input.linear), { vars: input.vars, y: input.y, w: input.w }, input.linear, input.linearLb, input.linearUb);
  return scoreRange(vp, input.plan, input.start, input.end);
};
