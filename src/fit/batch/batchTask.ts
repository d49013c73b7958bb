/**
 * A chunk of a per-group batch as a worker-pool task (src/parallel): plain data in (the model's
 * source and columns, the groups' columns, the parameter table), result rows out. Each worker
 * compiles the model once per chunk and fits its groups with fitGroups; the caller splits a batch
 * into chunks and joins the rows in order (src/job/node/groupBatch.ts).
 */
import { compileModel } from '../../model/index';
import type { TaskHandler } from '../../parallel/types';
import type { FitOptions } from '../defaults';
import type { ParameterSpec } from '../parameters';
import { fitGroups } from './fitGroups';
import type { BatchProgress, BatchResult } from './types';

export interface BatchChunkInput {
  readonly source: string;
  readonly columns: readonly string[];
  readonly groups: readonly { readonly key: string; readonly vars: Float64Array[]; readonly y: Float64Array; readonly sigma: Float64Array | null }[];
  readonly parameters: readonly ParameterSpec[];
  readonly options?: FitOptions;
}

export const task: TaskHandler<BatchChunkInput, BatchResult, BatchProgress> = async (input, context) => {
  const compiled = compileModel(input.source, { columns: input.columns });
  if (!compiled.ok) throw new Error(compiled.error.message);
  return fitGroups({
    model: compiled.value,
    groups: input.groups.map((g) => ({ key: g.key, data: { vars: g.vars, y: g.y, sigma: g.sigma } })),
    parameters: input.parameters,
    options: input.options,
    progressMs: 100,
    onProgress: (p) => context.progress(p),
  });
};
