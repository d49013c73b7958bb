/**
 * A fit's data on the device: uploaded once, as f32, in the chunks of the plan (plan.ts), and
 * kept there for every evaluation of the fit. Each chunk is one buffer, columnar: the model's
 * variables, then y, then w = 1/σ when weighted, column c starting at c·stride.
 *
 * The upload writes straight into buffers mapped at creation (W3C WebGPU §5.1.3
 * mappedAtCreation), so no f32 copy of the whole data set is made on the host: for 10⁸ rows that
 * is the difference between one and two extra gigabytes.
 */
import type { ModelData } from '../model/index';
import { EvaluatorLostError } from '../solver/evaluator';
import type { GpuContext } from './device';
import { scoped } from './lost';
import type { ChunkPlan, PlannedChunk } from './plan';

export interface ResidentChunk extends PlannedChunk {
  readonly buffer: GPUBuffer;
}

export interface ResidentData {
  readonly rows: number;
  /** f32 columns per row. */
  readonly columns: number;
  readonly weighted: boolean;
  readonly chunks: readonly ResidentChunk[];
  /** Frees the device memory (idempotent). */
  release(): void;
}

/** Columns per row for data with `nVars` variables. */
export function dataColumns(nVars: number, weighted: boolean): number {
  return nVars + 1 + (weighted ? 1 : 0);
}

/** Uploads the data into the plan's chunks. Out of memory → EvaluatorLostError('out-of-memory'). */
export async function uploadData(ctx: GpuContext, data: ModelData, plan: ChunkPlan, label: string): Promise<ResidentData> {
  const weighted = data.w !== null;
  const columns: Float64Array[] = [...data.vars, data.y, ...(data.w ? [data.w] : [])];
  const rows = data.y.length;
  const chunks: ResidentChunk[] = [];
  const release = (): void => {
    ctx.pool.discard(...chunks.map((c) => c.buffer));
    chunks.length = 0;
  };
  try {
    await scoped(ctx.device, ctx.state, `Uploading ${rows} rows`, () => {
      plan.chunks.forEach((chunk, k) => {
        const buffer = ctx.pool.createMapped(`${label} data chunk ${k + 1}/${plan.chunks.length}`, chunk.bytes, GPUBufferUsage.STORAGE);
        chunks.push({ ...chunk, buffer });
        const target = new Float32Array(buffer.getMappedRange(0, chunk.bytes));
        columns.forEach((column, c) => target.set(column.subarray(chunk.start, chunk.start + chunk.rows), c * chunk.stride));
        buffer.unmap();
      });
    });
  } catch (e) {
    release();
    if (e instanceof EvaluatorLostError) throw e;
    // createBuffer/getMappedRange throw a RangeError when the mapping cannot be allocated
    throw new EvaluatorLostError('out-of-memory', `Uploading ${rows} rows to the GPU failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  return { rows, columns: columns.length, weighted, chunks, release };
}
