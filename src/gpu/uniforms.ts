/**
 * The uniform structs of every kernel, in one place: their WGSL declarations and the packers that
 * write the same bytes on the host. Layout rules of the uniform address space (W3C WGSL §14.4
 * "Memory Layout", §14.4.4 "Address Space Layout Constraints"):
 * - u32 and f32 are 4-byte aligned; vec4<f32> is 16-byte aligned and 16 bytes long;
 * - an array in the uniform address space needs an element stride that is a multiple of 16, so
 *   the parameters travel as array<vec4<f32>, N>: parameter i is p[i / 4][i % 4];
 * - a struct used as a uniform buffer has a size rounded up to its alignment (16 here), and a
 *   member that follows a struct or array starts at a multiple of 16.
 * Every struct below is therefore a whole number of 16-byte rows: no hidden padding.
 *
 * Sizes (rows, strides, offsets, f_scale) live here, never in the shader source, so one pipeline
 * serves every data size.
 */

/** Bytes of Chunk and of Grid. */
export const CHUNK_UNIFORM_BYTES = 16;
export const GRID_UNIFORM_BYTES = 16;

/** vec4 rows holding nParams parameters (at least one: WGSL arrays are not empty). */
export function paramRows(nParams: number): number {
  return Math.max(1, Math.ceil(nParams / 4));
}

/** Bytes of Eval for a model with nParams parameters. */
export function evalUniformBytes(nParams: number): number {
  return 16 + 16 * paramRows(nParams);
}

/** WGSL declarations of Chunk, Grid and Eval (Eval's array length depends on the model). */
export function uniformStructs(nParams: number): string {
  return `struct Chunk {
  rows: u32,        // rows in this chunk
  stride: u32,      // column c of the chunk's data starts at c * stride
  partialBase: u32, // first workgroup partial of this chunk in the partials buffer
  pad0: u32,
}

struct Grid {
  points: u32,      // grid points
  stride: u32,      // column c of the grid starts at c * stride
  pad0: u32,
  pad1: u32,
}

struct Eval {
  c2: f32,          // f_scale^2
  pad0: f32,
  pad1: f32,
  pad2: f32,
  p: array<vec4<f32>, ${paramRows(nParams)}>, // the full parameter vector, 4 per row
}
`;
}

/** The WGSL expression reading parameter `index` from Eval. */
export function paramReader(index: number): string {
  if (!Number.isSafeInteger(index) || index < 0) throw new Error(`internal: bad parameter index ${index}`);
  return `ev.p[${index >> 2}u].${'xyzw'[index & 3]}`;
}

function u32Row(a: number, b: number, c: number): ArrayBuffer {
  for (const v of [a, b, c]) {
    if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw new RangeError(`uniform value ${v} is not a u32`);
  }
  return new Uint32Array([a, b, c, 0]).buffer;
}

/** Chunk { rows, stride, partialBase }. */
export function packChunk(rows: number, stride: number, partialBase: number): ArrayBuffer {
  return u32Row(rows, stride, partialBase);
}

/** Grid { points, stride }. */
export function packGrid(points: number, stride: number): ArrayBuffer {
  return u32Row(points, stride, 0);
}

/**
 * Eval { c2, p }: the full parameter vector and C², rounded to f32, into `out` (allocated when
 * absent; pass one back to avoid allocating per evaluation).
 */
export function packEval(params: ArrayLike<number>, c2: number, out?: Float32Array<ArrayBuffer>): Float32Array<ArrayBuffer> {
  const target = out ?? new Float32Array(evalUniformBytes(params.length) / 4);
  if (target.length * 4 !== evalUniformBytes(params.length)) throw new RangeError('Eval buffer has the wrong size');
  target.fill(0);
  target[0] = c2;
  for (let i = 0; i < params.length; i++) target[4 + i] = params[i];
  return target;
}
