/**
 * Columns kept as chunks of rows (issue 12, "streaming past memory"): the fit reads them one chunk
 * at a time, in order, so that only one chunk is in memory. The CLI backs this with a temporary
 * binary file (src/store/node/tempColumns.ts); `memoryChunks` backs it with arrays (tests, and the
 * reference the streamed passes are checked against).
 *
 * A chunk holds the model's variables, y and the weights wᵢ = 1/σᵢ (or none), as float64, rows
 * [start, start + rows). Chunks are read in increasing k by every pass; a reader may reuse one
 * buffer, so a chunk's arrays are valid only until the next `read`.
 */
export interface ChunkView {
  /** Global index of the chunk's first row. */
  readonly start: number;
  readonly rows: number;
  readonly vars: Float64Array[];
  readonly y: Float64Array;
  /** 1/σᵢ, or null for unweighted rows. */
  readonly w: Float64Array | null;
}

export interface ChunkSource {
  /** Rows m in all. */
  readonly rows: number;
  /** Rows of every chunk but the last. */
  readonly chunkRows: number;
  readonly chunks: number;
  readonly variables: number;
  readonly weighted: boolean;
  /** Whether the first variable never decreases along the rows (the residuals are then in x order). */
  readonly sortedX: boolean;
  read(k: number): ChunkView;
}

/** Chunks of columns already in memory (views, no copies). */
export function memoryChunks(data: { vars: readonly Float64Array[]; y: Float64Array; w: Float64Array | null }, chunkRows: number): ChunkSource {
  const m = data.y.length;
  const x = data.vars[0];
  let sortedX = x !== undefined;
  if (x) for (let i = 1; i < m && sortedX; i++) sortedX = x[i] >= x[i - 1];
  return {
    rows: m,
    chunkRows,
    chunks: Math.max(1, Math.ceil(m / chunkRows)),
    variables: data.vars.length,
    weighted: data.w !== null,
    sortedX,
    read(k) {
      const start = k * chunkRows;
      const end = Math.min(m, start + chunkRows);
      return {
        start,
        rows: end - start,
        vars: data.vars.map((v) => v.subarray(start, end)),
        y: data.y.subarray(start, end),
        w: data.w ? data.w.subarray(start, end) : null,
      };
    },
  };
}
