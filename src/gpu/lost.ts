/**
 * A device that can go away is a state, not a crash (DESIGN.md "Numerics on the GPU"). The
 * context records the first fatal event — `device.lost` (W3C WebGPU §22.2, resolved on loss,
 * destroy() included) or an uncaptured error (§22.3) — and from then on every call throws the
 * solver's EvaluatorLostError with the matching reason, which curveFit answers by continuing on
 * the CPU from the last accepted iterate.
 *
 * Error scopes (§22.3.2 pushErrorScope/popErrorScope) wrap every allocation and every submit:
 * 'out-of-memory' and 'validation' are pushed together and popped in reverse order. An error they
 * capture fails that fit's GPU phase (EvaluatorLostError) without marking the context lost.
 */
import { EvaluatorLostError } from '../solver/evaluator';

export type LostReason = EvaluatorLostError['reason'];

export interface LostRecord {
  readonly reason: LostReason;
  readonly message: string;
}

/** Mutable lost state shared by a context and everything made on its device. */
export class LostState {
  current: LostRecord | null = null;

  /** Keeps the first record: later errors are consequences of it. */
  record(reason: LostReason, message: string): void {
    this.current ??= { reason, message };
  }

  /** Throws EvaluatorLostError once anything fatal happened. */
  check(): void {
    if (this.current) throw new EvaluatorLostError(this.current.reason, this.current.message);
  }
}

/** 'out-of-memory' for GPUOutOfMemoryError, else 'validation' (GPUValidationError, GPUInternalError). */
export function reasonOf(error: GPUError): LostReason {
  return error.constructor.name === 'GPUOutOfMemoryError' ? 'out-of-memory' : 'validation';
}

/** Watches a device: its loss and its uncaptured errors go into `state`. */
export function watchDevice(device: GPUDevice, state: LostState): void {
  void device.lost.then((info) => {
    const why = info.message ? `: ${info.message.replace(/\.+$/, '')}` : '';
    state.record('device-lost', `The GPU device was lost (${info.reason})${why}.`);
  });
  device.addEventListener('uncapturederror', (event) => {
    state.record(reasonOf(event.error), `GPU error: ${event.error.message}`);
  });
}

/** Open error scopes; close() pops them and reports the first error (or null). */
export interface Scopes {
  close(): Promise<GPUError | null>;
}

export function openScopes(device: GPUDevice): Scopes {
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  return {
    async close() {
      const validation = device.popErrorScope();
      const memory = device.popErrorScope();
      const [v, m] = await Promise.all([validation, memory]);
      return m ?? v;
    },
  };
}

/**
 * Runs `work` inside error scopes; an error inside becomes EvaluatorLostError. It is not recorded
 * in `state`: an allocation too large for this fit leaves the device usable for the next.
 */
export async function scoped<T>(device: GPUDevice, state: LostState, what: string, work: () => T | Promise<T>): Promise<T> {
  state.check();
  const scopes = openScopes(device);
  let result: T | undefined;
  let thrown: unknown = null;
  try {
    result = await work();
  } catch (e) {
    thrown = e;
  }
  const error = await scopes.close();
  if (error) throw new EvaluatorLostError(reasonOf(error), `${what} failed on the GPU: ${error.message}`);
  state.check();
  if (thrown !== null) throw thrown;
  return result as T;
}
