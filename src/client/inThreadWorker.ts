/**
 * Workers for tests, run on the calling thread (localClient.ts) but with a worker's life: each
 * spawn starts with an empty session (as a new Web Worker would), `kill` ends the current one the
 * way a crash does (its pending answers never arrive, its death is announced), and `stuck` makes
 * fits that neither answer nor heed Cancel (a worker inside a pass too long to check the flag).
 */
import { workerApi } from '../worker/api-impl';
import { session } from '../worker/session';
import { localClient } from './localClient';
import type { Spawn, WorkerHandle } from './supervisor';
import type { Client } from './worker';

export interface InThreadWorkers {
  readonly spawn: Spawn;
  /** Ends the current worker as a crash would. */
  kill(why?: string): void;
  /** How many workers were started. */
  readonly spawned: number;
  /** Fits on workers started from now on never answer and ignore Cancel. */
  stuck: boolean;
  /** How many workers were terminated by their supervisor (not killed by the test). */
  readonly terminated: number;
}

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

export function inThreadWorkers(): InThreadWorkers {
  let current: { dead: boolean; end: (why: string) => void } | null = null;
  let spawned = 0;
  let terminated = 0;
  const workers: InThreadWorkers = {
    stuck: false,
    get spawned() {
      return spawned;
    },
    get terminated() {
      return terminated;
    },
    kill(why = 'killed by the test') {
      if (!current) return;
      current.dead = true;
      if (session.fit) session.fit.aborted = true;
      current.end(why);
    },
    spawn(): WorkerHandle {
      spawned += 1;
      Object.assign(session, { table: null, fileName: null, mapping: null, selection: null, choice: null, load: null, fit: null, lastFit: null });
      let end!: (why: string) => void;
      const gone = new Promise<string>((resolve) => (end = resolve));
      const life = { dead: false, end };
      current = life;
      const stuck = workers.stuck;
      const api = localClient(workerApi);
      const wrapped = Object.fromEntries(
        Object.entries(api).map(([name, method]) => [
          name,
          async (...args: unknown[]) => {
            if (life.dead) return never();
            if (stuck && name === 'cancelFit') return undefined;
            const answer = await (method as (...a: unknown[]) => Promise<unknown>)(...args);
            // A dead worker's answers never arrive; a stuck worker's fits never answer.
            return life.dead || (stuck && name === 'fit') ? never() : answer;
          },
        ]),
      ) as unknown as Client;
      return {
        client: wrapped,
        gone,
        terminate: () => {
          if (!life.dead) terminated += 1;
          life.dead = true;
        },
      };
    },
  };
  return workers;
}
