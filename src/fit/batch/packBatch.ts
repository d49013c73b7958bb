/**
 * Groups packed for a batch-fit device (the WGSL kernel of src/gpu/batchSource.ts): every group's
 * rows in one columnar f32 buffer (column c at c·stride: the model's variables, y, then w = 1/σ
 * when any group is weighted; unweighted groups get w = 1 there), row offsets per group, the full
 * start vector per group, and the free parameters' bounds. Infinite bounds become ±f32 max, so the
 * kernel's clamp never sees an infinity (WGSL leaves arithmetic on ∞ indeterminate, §15.7).
 *
 * A batch whose data would exceed `maxBytes` is split into several packs by whole groups.
 */
import type { ModelData } from '../../model/index';

const F32_MAX = 3.4028234663852886e38;

export interface PackedBatch {
  /** Indices (into the caller's list of fittable groups) of this pack's groups, in order. */
  readonly members: readonly number[];
  readonly groups: number;
  /** Rows in all, the column stride. */
  readonly stride: number;
  readonly columns: number;
  readonly data: Float32Array<ArrayBuffer>;
  readonly offsets: Uint32Array<ArrayBuffer>;
  /** nParams per group. */
  readonly starts: Float32Array<ArrayBuffer>;
  /** lb[0..k), ub[0..k). */
  readonly bounds: Float32Array<ArrayBuffer>;
  readonly maxIter: number;
}

export interface PackInput {
  readonly data: readonly ModelData[];
  /** Full start vectors, one per group. */
  readonly starts: readonly Float64Array[];
  readonly nParams: number;
  readonly nVars: number;
  readonly lb: ArrayLike<number>;
  readonly ub: ArrayLike<number>;
  readonly weighted: boolean;
  readonly maxIter: number;
  /** Bytes of data per pack at most (a storage binding's limit). */
  readonly maxBytes: number;
}

const f32Bound = (v: number, sign: 1 | -1): number => (Number.isFinite(v) ? v : sign * F32_MAX);

export function packBatches(input: PackInput): PackedBatch[] {
  const { data, nVars, weighted } = input;
  const columns = nVars + (weighted ? 2 : 1);
  const k = input.lb.length;
  const bounds = new Float32Array(2 * k);
  for (let j = 0; j < k; j++) {
    bounds[j] = f32Bound(input.lb[j], -1);
    bounds[k + j] = f32Bound(input.ub[j], 1);
  }
  const packs: PackedBatch[] = [];
  const maxRows = Math.max(1, Math.floor(input.maxBytes / (4 * columns)));
  let first = 0;
  while (first < data.length) {
    let rows = 0;
    let last = first;
    while (last < data.length && (last === first || rows + data[last].y.length <= maxRows)) rows += data[last++].y.length;
    packs.push(pack(input, first, last, rows, columns, bounds));
    first = last;
  }
  return packs;
}

function pack(input: PackInput, first: number, last: number, rows: number, columns: number, bounds: Float32Array<ArrayBuffer>): PackedBatch {
  const { nVars, nParams } = input;
  const groups = last - first;
  const stride = Math.max(rows, 1);
  const buf = new Float32Array(columns * stride);
  const offsets = new Uint32Array(groups + 1);
  const starts = new Float32Array(groups * nParams);
  let o = 0;
  for (let g = 0; g < groups; g++) {
    const d = input.data[first + g];
    offsets[g] = o;
    for (let c = 0; c < nVars; c++) buf.set(d.vars[c], c * stride + o);
    buf.set(d.y, nVars * stride + o);
    if (input.weighted) {
      if (d.w) buf.set(d.w, (nVars + 1) * stride + o);
      else buf.fill(1, (nVars + 1) * stride + o, (nVars + 1) * stride + o + d.y.length);
    }
    starts.set(input.starts[first + g], g * nParams);
    o += d.y.length;
  }
  offsets[groups] = o;
  return { members: Array.from({ length: groups }, (_, g) => first + g), groups, stride, columns, data: buf, offsets, starts, bounds, maxIter: input.maxIter };
}
