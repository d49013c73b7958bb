/**
 * Keeps a worker alive for the page. Every call races the worker's death: a worker that closed,
 * crashed or was terminated answers every pending call with a status (code 'worker-lost') instead
 * of leaving it pending forever, and a fresh worker is started at once and given the data the
 * page had loaded (replay.ts), so the page keeps its data and nothing the user entered is lost.
 *
 * Cancel is honoured within a grace period: the worker is asked to stop, and a fit that has not
 * answered within `cancelGraceMs` (a pass too long to check the flag, a stuck kernel) is stopped
 * by terminating its worker; the fit answers 'cancelled' and the fresh worker gets the data back.
 */
import type { Status, WorkerError } from '../worker/api';
import { emptyReplay, remember, replayInto, type Replay } from './replay';
import type { Client } from './worker';

/** How long a cancelled fit may take to stop before its worker is terminated. */
export const CANCEL_GRACE_MS = 300;
/** How long after Cancel a fit whose worker heard it may take to return its last accepted
 *  parameters with their statistics (under the 1 s the page promises). */
export const CANCEL_FINISH_MS = 900;
/** More deaths than this within RESTART_WINDOW_MS: stop restarting (something is deeply wrong). */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 20_000;

/** One running worker as the supervisor sees it. */
export interface WorkerHandle {
  readonly client: Client;
  /** Resolves, with why in words, once the worker is known to be gone; never rejects. */
  readonly gone: Promise<string>;
  terminate(): void;
}

export type Spawn = () => WorkerHandle;

export type GoneCause = 'crash' | 'cancel';

export type WorkerEvent =
  /** The worker is gone; `restarting` is false when the supervisor gave up restarting it. */
  | { readonly type: 'lost'; readonly cause: GoneCause; readonly reason: string; readonly restarting: boolean; readonly dataName: string | null }
  /** A fresh worker runs; its data were reloaded, there were none, or reloading them failed. */
  | { readonly type: 'restored'; readonly cause: GoneCause; readonly reason: string; readonly data: 'reloaded' | 'none' | 'failed'; readonly dataName: string | null; readonly error: WorkerError | null };

export interface SupervisorOptions {
  readonly cancelGraceMs?: number;
  readonly onEvent?: (event: WorkerEvent) => void;
}

interface Gone {
  readonly cause: GoneCause;
  readonly reason: string;
}

interface Live {
  readonly handle: WorkerHandle;
  readonly gone: Promise<Gone>;
  end(gone: Gone): void;
  /** Fits in flight on this worker (tickets, so that Cancel stops only the fits it was meant for). */
  readonly fits: Set<number>;
}

function lostStatus(gone: Gone): Status<never> {
  const error: WorkerError =
    gone.cause === 'cancel'
      ? { code: 'cancelled', message: 'Cancelled: the fit did not stop at once, so its worker was restarted.' }
      : { code: 'worker-lost', message: `The worker stopped before it answered (${gone.reason}). A fresh worker was started with your data.` };
  return { ok: false, error };
}

type Method = keyof Client;
const STATUS_FREE: ReadonlySet<Method> = new Set<Method>(['cancelLoad', 'cancelFit', 'alive']);
/** Calls that change nothing but storage or read what the worker holds: safe to ask again. */
const RETRIED: ReadonlySet<Method> = new Set<Method>(['select', 'guess', 'curve', 'exportColumns', 'exportData', 'fingerprint', 'planLink', 'exportCurve', 'saveTable', 'restoreFit', 'reportData', 'checkpointOffer']);
/** What a call's race gives when the worker died first (never a worker's answer: those are clones). */
class Died {
  constructor(readonly gone: Gone) {}
}

export function supervise(spawn: Spawn, options: SupervisorOptions = {}): Client {
  const grace = options.cancelGraceMs ?? CANCEL_GRACE_MS;
  const emit = (event: WorkerEvent) => options.onEvent?.(event);
  let replay: Replay = emptyReplay();
  let ready: Promise<void> = Promise.resolve();
  let deaths: number[] = [];
  let tickets = 0;

  function start(handle: WorkerHandle): Live {
    let end!: (gone: Gone) => void;
    const forced = new Promise<Gone>((resolve) => (end = resolve));
    const gone = Promise.race([handle.gone.then((reason): Gone => ({ cause: 'crash', reason })), forced]);
    const live: Live = { handle, gone, end, fits: new Set() };
    // Registered before any call's race, so the restart is under way before a caller hears of it.
    void gone.then((g) => onGone(live, g));
    return live;
  }

  let live = start(spawn());

  function onGone(dead: Live, gone: Gone): void {
    if (dead !== live) return;
    dead.handle.terminate();
    const now = Date.now();
    deaths = [...deaths.filter((t) => now - t < RESTART_WINDOW_MS), now];
    const dataName = replay.name;
    if (deaths.length > MAX_RESTARTS) {
      emit({ type: 'lost', cause: gone.cause, reason: gone.reason, restarting: false, dataName });
      return;
    }
    emit({ type: 'lost', cause: gone.cause, reason: gone.reason, restarting: true, dataName });
    const next = start(spawn());
    live = next;
    ready = (async () => {
      const restored = await replayInto(next.handle.client, replay, next.gone);
      if (restored.data === 'failed') replay = emptyReplay();
      if (next === live) emit({ type: 'restored', cause: gone.cause, reason: gone.reason, data: restored.data, dataName, error: restored.error });
    })();
  }

  function call<K extends Method>(name: K): Client[K] {
    const attempt = async (args: unknown[], retries: number): Promise<unknown> => {
      await ready;
      const current = live;
      // The global fit runs one synchronous loop that a cancel message cannot reach: it is stopped
      // like a stuck fit, by restarting its worker after the grace period.
      const ticket = name === 'fit' || name === 'autoStart' || name === 'fitGlobal' || name === 'compareGlobal' || name === 'fitMixed' ? ++tickets : 0;
      if (ticket) current.fits.add(ticket);
      try {
        const method = current.handle.client[name] as (...a: unknown[]) => Promise<unknown>;
        const answer = await Promise.race([method(...args), current.gone.then((g) => new Died(g))]);
        if (answer instanceof Died) {
          // A call that only reads or stores what the worker holds is asked again of the fresh
          // worker, once its data are back (an autosave in flight must not read as a storage failure).
          if (retries > 0 && RETRIED.has(name) && live !== current) return attempt(args, retries - 1);
          return STATUS_FREE.has(name) ? undefined : lostStatus(answer.gone);
        }
        if (current === live) replay = remember(replay, name, args, answer);
        return answer;
      } finally {
        current.fits.delete(ticket);
      }
    };
    return ((...args: unknown[]) => attempt(args, 1)) as unknown as Client[K];
  }

  const client = Object.fromEntries((Object.keys(emptyClientShape) as Method[]).map((name) => [name, call(name)])) as unknown as Client;
  return {
    ...client,
    async cancelFit() {
      const current = live;
      const stopping = [...current.fits];
      let heard = false;
      const stopIfRunning = (reason: string) => {
        if (current === live && stopping.some((t) => current.fits.has(t))) current.end({ cause: 'cancel', reason });
      };
      // The clock starts before the request is sent: a worker busy in a long pass reads it late.
      // A worker that answers the request in time is not stuck: its fit stops at its next check
      // and returns the last accepted parameters with their statistics (which take a moment on
      // large data), so it gets CANCEL_FINISH_MS more before it is stopped all the same.
      if (stopping.length > 0) {
        setTimeout(() => {
          if (!heard) stopIfRunning(`the fit did not stop within ${grace} ms of Cancel`);
          else setTimeout(() => stopIfRunning(`the fit did not finish within ${CANCEL_FINISH_MS} ms of Cancel`), CANCEL_FINISH_MS - grace);
        }, grace);
      }
      await Promise.race([
        current.handle.client
          .cancelFit()
          .then(() => void (heard = true))
          .catch(() => undefined),
        current.gone,
      ]);
    },
  };
}

/** Every method of the API (the keys matter; the values are never called). */
const emptyClientShape: Record<Method, true> = {
  loadFile: true,
  loadText: true,
  loadColumns: true,
  cancelLoad: true,
  select: true,
  groups: true,
  guess: true,
  curve: true,
  fit: true,
  checkpointOffer: true,
  cancelFit: true,
  fitGroups: true,
  autoStart: true,
  fitGlobal: true,
  compareGlobal: true,
  fitMixed: true,
  profile: true,
  compareModel: true,
  reportData: true,
  exportColumns: true,
  exportData: true,
  fingerprint: true,
  planLink: true,
  exportCurve: true,
  saveTable: true,
  loadSavedTable: true,
  restoreFit: true,
  alive: true,
};
