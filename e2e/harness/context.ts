/** The harness's one GPU context (acquired on first use) and a model compiler that throws. */
import { probeGpu, type GpuContext } from '../../src/gpu/index';
import { compileModel, type CompiledModel } from '../../src/model/index';

let probe: ReturnType<typeof probeGpu> | null = null;

export async function context(): Promise<GpuContext> {
  probe ??= probeGpu();
  const p = await probe;
  if (!p.ok) throw new Error(p.reason);
  // A context destroyed by an earlier case is replaced.
  if (p.context.lost) {
    probe = probeGpu();
    return context();
  }
  return p.context;
}

export async function contextReport(): Promise<Awaited<ReturnType<typeof probeGpu>>> {
  probe ??= probeGpu();
  return probe;
}

export function compile(text: string, columns: readonly string[] = ['x']): CompiledModel {
  const r = compileModel(text, { columns });
  if (!r.ok) throw new Error(`model ${text} does not compile: ${r.error.message}`);
  return r.value;
}

/** Float64 copy rounded to f32, element by element. */
export const f32 = (a: ArrayLike<number>): Float64Array => Float64Array.from(a, (v) => Math.fround(v));

/** ‖a − b‖ / ‖b‖ (2-norm over all entries). */
export function relNorm(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  let s = 0;
  for (let i = 0; i < b.length; i++) {
    d += (a[i] - b[i]) ** 2;
    s += b[i] ** 2;
  }
  return s === 0 ? Math.sqrt(d) : Math.sqrt(d / s);
}
