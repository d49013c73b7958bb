/**
 * How the rows of a fit are split over storage bindings and workgroups: the chunk and reduction
 * plan. Pure arithmetic, tested in Node.
 *
 * Chunks: a binding may not exceed maxStorageBufferBindingSize (W3C WebGPU §3.6.2; 128 MiB by
 * default) nor a buffer maxBufferSize, so rows are cut into chunks of at most
 * ⌊limit / (4·columns)⌋ rows (or fewer, when a test forces `chunkRows`), each its own buffer and
 * bind group, all dispatched in one submit.
 *
 * Workgroups: f32 running sums lose about one rounding per added row, so each thread should add
 * few rows (targetRowsPerThread, 32 by default): groups = ⌈rows / (WG·target)⌉. Every group
 * writes one partial of S sums, read back and added in float64 on the CPU; the read-back is
 * capped at maxPartialFloats (2¹⁸ floats = 1 MiB by default), which for large n raises the rows
 * per thread instead (p = 16: 155 sums → at most 1691 groups; with WG = 256 and 10⁸ rows that is
 * 231 rows per thread, still a bounded f32 sum followed by a log₂(WG)-deep tree).
 */

export interface PlanInput {
  readonly rows: number;
  /** f32 columns per row (variables, y, and w when weighted). */
  readonly columns: number;
  /** Sums per workgroup partial. */
  readonly sums: number;
  readonly workgroupSize: number;
  /** min(maxStorageBufferBindingSize, maxBufferSize) of the device, in bytes. */
  readonly maxBindingBytes: number;
  /** maxComputeWorkgroupsPerDimension (65535 by default). */
  readonly maxWorkgroupsPerDimension: number;
  /** Force chunks of at most this many rows (tests of the chunked path). */
  readonly chunkRows?: number;
  readonly targetRowsPerThread?: number;
  readonly maxPartialFloats?: number;
}

export interface PlannedChunk {
  /** First row of the fit's data in this chunk. */
  readonly start: number;
  readonly rows: number;
  /** Column stride in elements (rows rounded up to a multiple of 64). */
  readonly stride: number;
  /** Bytes of the chunk's buffer: stride × columns × 4. */
  readonly bytes: number;
  /** Workgroups dispatched over the chunk. */
  readonly groups: number;
  /** Index of the chunk's first partial. */
  readonly partialBase: number;
}

export interface ChunkPlan {
  readonly chunks: readonly PlannedChunk[];
  /** Partials over all chunks (Σ groups). */
  readonly groups: number;
  /** The most rows any thread adds. */
  readonly rowsPerThread: number;
}

export const DEFAULT_ROWS_PER_THREAD = 32;
export const DEFAULT_MAX_PARTIAL_FLOATS = 1 << 18;
const STRIDE_ALIGN = 64;

const roundUp = (n: number, to: number): number => Math.ceil(n / to) * to;

/** The largest chunk (in rows) the binding limit allows, a multiple of STRIDE_ALIGN. */
export function maxChunkRows(columns: number, maxBindingBytes: number): number {
  const rows = Math.floor(maxBindingBytes / (4 * columns) / STRIDE_ALIGN) * STRIDE_ALIGN;
  if (rows < STRIDE_ALIGN) throw new RangeError(`a storage binding of ${maxBindingBytes} bytes cannot hold ${STRIDE_ALIGN} rows`);
  return rows;
}

export function planChunks(input: PlanInput): ChunkPlan {
  const { rows, columns, sums, workgroupSize: wg } = input;
  if (!Number.isInteger(rows) || rows < 1) throw new RangeError(`rows must be a positive integer, got ${rows}`);
  const limit = maxChunkRows(columns, input.maxBindingBytes);
  const cap = input.chunkRows === undefined ? limit : Math.max(1, Math.min(limit, Math.floor(input.chunkRows)));
  const count = Math.ceil(rows / cap);
  // Even chunks (the last one takes the remainder), aligned when the cap allows it.
  const even = Math.ceil(rows / count);
  const size = Math.min(cap, even >= STRIDE_ALIGN ? roundUp(even, STRIDE_ALIGN) : even);

  const target = input.targetRowsPerThread ?? DEFAULT_ROWS_PER_THREAD;
  const budget = Math.max(1, Math.floor((input.maxPartialFloats ?? DEFAULT_MAX_PARTIAL_FLOATS) / sums));
  // Rows per thread: the target, or more when the read-back budget would be exceeded.
  const perThread = Math.max(target, Math.ceil(rows / (wg * budget)));

  const chunks: PlannedChunk[] = [];
  let partialBase = 0;
  let rowsPerThread = 0;
  for (let start = 0; start < rows; start += size) {
    const n = Math.min(size, rows - start);
    const groups = Math.min(input.maxWorkgroupsPerDimension, Math.max(1, Math.ceil(n / (wg * perThread))));
    const stride = roundUp(n, STRIDE_ALIGN);
    chunks.push({ start, rows: n, stride, bytes: stride * columns * 4, groups, partialBase });
    partialBase += groups;
    rowsPerThread = Math.max(rowsPerThread, Math.ceil(n / (groups * wg)));
  }
  return { chunks, groups: partialBase, rowsPerThread };
}
