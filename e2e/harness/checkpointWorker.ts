/**
 * A Web Worker of the checkpoint harness: the page's fit path (curveFit on the CPU with the
 * worker's checkpoint writer, src/job/browser/checkpoint.ts, saving to IndexedDB through idb-keyval)
 * on a two-peak data set of `rows` rows from a poor start, with the dense QR method (the e2e
 * spec's fit), on the page's CPU evaluator (src/job/browser/backend.ts): without checkpoints, with saves every `everyMs`, or resumed from a stored state.
 */
import { curveFit } from '../../src/fit/curveFit';
import { compileModel } from '../../src/model';
import { readCheckpointRecord } from '../../src/store/checkpointRecord';
import { chooseFitBackend } from '../../src/job/browser/backend';
import { checkpointWriter } from '../../src/job/browser/checkpoint';
import { readValue } from '../../src/job/browser/storage';

export interface CheckpointBenchRequest {
  readonly rows: number;
  /** null: no checkpoint; a number: save every that many ms (0: after every iteration). */
  readonly everyMs: number | null;
  /** Resume from what is stored under the bench's key (saved by an earlier run with keepAt). */
  readonly resume?: boolean;
  /** Stop saving after this iteration and keep that save (a run to resume from later). */
  readonly keepAt?: number;
}

export interface CheckpointBenchRun {
  readonly ms: number;
  readonly nit: number;
  readonly nfev: number;
  readonly saves: number;
  readonly saveMs: number;
  readonly writeMs: number;
  readonly params: number[];
  readonly resumedNfev: number | null;
}

const MODEL = 'a*exp(-((x - mu)/w)^2/2) + b*exp(-((x - nu)/v)^2/2) + c';
const START: Record<string, number> = { a: 1, mu: 6, w: 3, b: 1, nu: 15, v: 3, c: 0 };
const KEY = 'checkpoint:bench';
const compiled = compileModel(MODEL, { columns: ['x'] });
if (!compiled.ok) throw new Error(compiled.error.message);
const model = compiled.value;
let data: { vars: Float64Array[]; y: Float64Array } | null = null;

function twoPeaks(rows: number) {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const x = Float64Array.from({ length: rows }, (_, i) => (20 * i) / rows);
  const y = Float64Array.from(x, (v) => 3 * Math.exp(-(((v - 8) / 1.2) ** 2) / 2) + 2 * Math.exp(-(((v - 13) / 1.8) ** 2) / 2) + 0.4 + (rand() - 0.5) * 0.2);
  return { vars: [x], y };
}

async function run(request: CheckpointBenchRequest): Promise<CheckpointBenchRun> {
  if (!data || data.y.length !== request.rows) data = twoPeaks(request.rows);
  const parameters = model.params.map((name) => ({ name, value: START[name] }));
  const options = { method: 'dense' as const };
  const stored = request.resume ? readCheckpointRecord(await readValue<unknown>(KEY)) : null;
  if (stored && !stored.ok) throw new Error(`stored checkpoint: ${stored.problem}`);
  const resumed = stored?.ok ? stored.record : null;
  const writer = request.everyMs === null && !resumed ? null : checkpointWriter(KEY, { model: MODEL, data, parameters, options }, resumed, request.everyMs ?? 2000);
  // The page's CPU fit: its passes yield to the worker's event loop every 30 ms (for Cancel, and
  // here for IndexedDB's answers), as src/worker/fit.ts runs them.
  const backend = await chooseFitBackend(request.rows, 'cpu', { model, method: 'dense', signal: { aborted: false }, onChunk: () => undefined });
  const t0 = performance.now();
  const r = await curveFit({
    model,
    data,
    parameters,
    options,
    primary: backend.primary,
    ...(writer ? { checkpoint: writer.hooks } : {}),
    onIteration: (s, phase) => {
      if (request.keepAt === undefined || s.iteration <= request.keepAt) writer?.onIteration(s, phase.role);
    },
  });
  const ms = performance.now() - t0;
  // A run kept for resuming leaves its save; every other run deletes its checkpoint, as the page does.
  const stats = request.keepAt === undefined && writer ? await writer.close() : { saves: 0, saveMs: 0, writeMs: 0 };
  return { ms, nit: r.nit, nfev: r.nfev, saves: stats.saves, saveMs: stats.saveMs, writeMs: stats.writeMs, params: r.parameters.map((p) => p.value), resumedNfev: resumed?.state.nfev ?? null };
}

self.onmessage = (e: MessageEvent<CheckpointBenchRequest>) => {
  run(e.data).then(
    (r) => self.postMessage(r),
    (error: unknown) => self.postMessage({ error: String(error) }),
  );
};
