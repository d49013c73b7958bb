/**
 * Columns in shared memory, so that every worker of a pool reads the same rows without a copy per
 * worker or per pass. A column already backed by a SharedArrayBuffer is used as it is; any other
 * is copied once. SharedArrayBuffer exists in Node and in a cross-origin-isolated page only:
 * `canShareColumns` says whether it does here.
 */
export function canShareColumns(): boolean {
  return typeof SharedArrayBuffer === 'function';
}

// The shared copy of each column, while the column lives: the phases of a fit, and the fits of a
// start search, share one copy instead of making their own.
const copies = new WeakMap<Float64Array, Float64Array>();

export function sharedColumn(column: Float64Array): Float64Array {
  if (column.buffer instanceof SharedArrayBuffer) return column;
  let shared = copies.get(column);
  if (!shared) {
    shared = new Float64Array(new SharedArrayBuffer(column.length * Float64Array.BYTES_PER_ELEMENT));
    shared.set(column);
    copies.set(column, shared);
  }
  return shared;
}
