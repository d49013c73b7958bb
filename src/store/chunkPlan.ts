/**
 * How many rows a chunk of streamed columns holds, from the memory budget and the model's size.
 *
 * Per row a pass holds the chunk's columns (variables, y, w) and, for the Jacobian of the dense
 * pass and the statistics' model values, up to one float64 per parameter and two more: so a row
 * costs 8·(columns + parameters + 2) bytes. A quarter of the budget goes to the chunk; the rest is
 * the runtime's own (the Node heap, the ingest's read buffer, the solver's small matrices).
 *
 * Chunks are whole multiples of the in-memory evaluator's chunk (`sumRows`, 65 536 rows): its
 * partial sums are then formed over the same rows and added in the same order, so a streamed pass
 * equals the in-memory pass to the last bit.
 */
export const CHUNK_SHARE = 4;

export interface ChunkPlanInput {
  readonly budgetBytes: number;
  /** float64 columns per row kept on disk (variables, y, and w when weighted). */
  readonly columns: number;
  /** Free parameters of the fit. */
  readonly parameters: number;
  /** The in-memory evaluator's chunk: streamed chunks are multiples of it. */
  readonly sumRows: number;
}

export function bytesPerRow(columns: number, parameters: number): number {
  return 8 * (columns + parameters + 2);
}

export function chunkRowsFor({ budgetBytes, columns, parameters, sumRows }: ChunkPlanInput): number {
  const rows = Math.floor(budgetBytes / CHUNK_SHARE / bytesPerRow(columns, parameters));
  return Math.max(1, Math.floor(rows / sumRows)) * sumRows;
}
