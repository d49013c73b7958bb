/**
 * The buffers of the typed arrays in a plain-data value, so that a result crosses the thread
 * boundary by transfer (ownership moves, no copy) instead of by structured clone. Shared buffers
 * are skipped (they are shared, not moved), and each buffer is listed once.
 */
const MAX_DEPTH = 8; // results are shallow records; a deep walk would cost more than the copy saves

export function transferables(value: unknown): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  const walk = (v: unknown, depth: number): void => {
    if (v === null || typeof v !== 'object' || depth > MAX_DEPTH) return;
    if (ArrayBuffer.isView(v)) {
      if (v.buffer instanceof ArrayBuffer) out.add(v.buffer);
      return;
    }
    if (v instanceof ArrayBuffer) { out.add(v); return; }
    if (Array.isArray(v)) { for (const item of v) walk(item, depth + 1); return; }
    if (Object.getPrototypeOf(v) === Object.prototype) for (const item of Object.values(v)) walk(item, depth + 1);
  };
  walk(value, 0);
  return [...out];
}
