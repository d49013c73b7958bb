/**
 * What the page has put into its worker, kept so that a fresh worker can be given the same: the
 * call that loaded the current table (a file's Blob, pasted text, a link's columns, a saved
 * session's key), the last column selection, and the last fit (so its bands still follow
 * redraws). Only calls that succeeded count: a load that failed left the worker's data as they were.
 */
import type { ColumnMapping } from '../share/types';
import type { FitOutcome, FitRequest, LoadOptions, PlotRequest, RestoredFit, Status, TableSummary, WorkerError } from '../worker/api';
import type { Client } from './worker';

export type TableCall =
  | { readonly method: 'loadFile'; readonly args: readonly [Blob, string | null, LoadOptions] }
  | { readonly method: 'loadText'; readonly args: readonly [string, string | null, LoadOptions?] }
  | { readonly method: 'loadColumns'; readonly args: readonly [Readonly<Record<string, readonly number[]>>, string | null, (Readonly<Record<string, readonly string[]>> | null)?] }
  | { readonly method: 'loadSavedTable'; readonly args: readonly [string] };

export interface Replay {
  readonly table: TableCall | null;
  /** The data's name as the page shows it (a file name, "Pasted data"…). */
  readonly name: string | null;
  readonly select: { readonly mapping: ColumnMapping; readonly plot: PlotRequest } | null;
  readonly fit: RestoredFit | null;
}

export const emptyReplay = (): Replay => ({ table: null, name: null, select: null, fit: null });

const TABLE_METHODS = new Set(['loadFile', 'loadText', 'loadColumns', 'loadSavedTable']);

function succeeded(answer: unknown): answer is { ok: true; value: unknown } {
  return typeof answer === 'object' && answer !== null && (answer as Status<unknown>).ok === true;
}

/** The record after a call answered `answer`. */
export function remember(replay: Replay, method: string, args: readonly unknown[], answer: unknown): Replay {
  if (!succeeded(answer)) return replay;
  if (TABLE_METHODS.has(method)) {
    // A file is read again without the progress callback (the page is not showing a load).
    const table = (method === 'loadFile' ? { method, args: [args[0], args[1] ?? null, args[3] ?? {}] } : { method, args: [...args] }) as unknown as TableCall;
    const summary = answer.value as TableSummary;
    return { table, name: summary.fileName ?? (typeof args[1] === 'string' ? args[1] : null), select: null, fit: null };
  }
  if (method === 'select') return { ...replay, select: { mapping: args[0] as ColumnMapping, plot: args[1] as PlotRequest } };
  if (method === 'restoreFit') return { ...replay, fit: args[0] as RestoredFit };
  if (method === 'fit') {
    const request = args[0] as FitRequest;
    const outcome = answer.value as FitOutcome;
    return { ...replay, fit: { model: request.model, mapping: request.mapping, result: outcome.result, absoluteSigma: request.settings.absoluteSigma, weights: request.settings.weights, poisson: outcome.poisson != null } };
  }
  return replay;
}

export interface Replayed {
  readonly data: 'reloaded' | 'none' | 'failed';
  readonly error: WorkerError | null;
}

/** Gives a fresh worker the recorded data; stops early if that worker dies too. */
export async function replayInto(client: Client, replay: Replay, gone: Promise<unknown>): Promise<Replayed> {
  const DIED = Symbol('died');
  const died: Replayed = { data: 'failed', error: { code: 'worker-lost', message: 'The new worker stopped too.' } };
  const guard = <T>(p: Promise<T>): Promise<T | typeof DIED> => Promise.race([p, gone.then((): typeof DIED => DIED)]);
  const t = replay.table;
  if (!t) return { data: 'none', error: null };
  const loaded =
    t.method === 'loadFile'
      ? await guard(client.loadFile(t.args[0], t.args[1], undefined, t.args[2]))
      : t.method === 'loadText'
        ? await guard(client.loadText(...t.args))
        : t.method === 'loadColumns'
          ? await guard(client.loadColumns(...t.args))
          : await guard(client.loadSavedTable(...t.args));
  if (loaded === DIED) return died;
  if (!loaded.ok) return { data: 'failed', error: loaded.error };
  // Best effort: the fit calls select their rows themselves, and bands are a nicety.
  if (replay.select) await guard(client.select(replay.select.mapping, replay.select.plot));
  if (replay.fit) await guard(client.restoreFit(replay.fit));
  return { data: 'reloaded', error: null };
}
