/**
 * Checkpoints of the page's long fits (issue 12): the worker saves the main phase's TRF state with
 * its subject (src/store/checkpointSubject.ts) and the iterations so far to IndexedDB every
 * CHECKPOINT_EVERY_MS, so that a reload, a closed tab or a crashed worker does not lose a fit of
 * minutes; the page offers to resume it when the same session opens again (checkpointOffer), and
 * the fit then continues from the saved state (src/solver/trfState.ts) to where an uninterrupted
 * one ends. The checkpoint is deleted when the fit ends, whatever the end.
 *
 * Which fits: every least-squares fit, but the first save comes only CHECKPOINT_EVERY_MS after the
 * fit started, so a fit shorter than that (nearly every fit under ~10⁵ rows) never touches storage
 * and pays nothing but a clock read per iteration; the data's fingerprint is computed at the first
 * save. A time threshold, rather than a row count, is what matters to the user: a fit is worth
 * resuming when it ran long enough that running it again costs time, whatever made it slow (rows,
 * parameters, a poor start). VarPro and the Poisson objective run other loops around the TRF state
 * and are not checkpointed (as in the CLI).
 *
 * A save never blocks the fit: the record (a few small arrays) is structured-cloned by IndexedDB and
 * written while the fit goes on; a save still in flight when the next is due is skipped.
 */
import type { CurveFitInput } from '../../fit/curveFit';
import type { FitOptions } from '../../fit/defaults';
import type { FitData, FitResult } from '../../fit/types';
import type { ParameterSpec } from '../../fit/parameters';
import type { IterationSummary } from '../../solver/summary';
import type { TrfState } from '../../solver/trfState';
import { CHECKPOINT_FORMAT, CHECKPOINT_VERSION, readCheckpointRecord, type CheckpointRecord, type SavedIteration } from '../../store/checkpointRecord';
import { checkpointSubject, subjectDifference, type CheckpointSubject, type DataDigest, type SubjectDifference } from '../../store/checkpointSubject';
import type { CheckpointOffer } from '../protocol/checkpoint';
import type { Status } from '../protocol/status';
import { deleteValue, readValue, storageReason, writeValue } from './storage';

export const CHECKPOINT_EVERY_MS = 2000;

/** How often a fit saves (tests and the benchmark save after every iteration with 0). */
export const checkpointTiming = { everyMs: CHECKPOINT_EVERY_MS };

/** A resumed fit's history: the iterations saved before the interruption, then its own. */
export function withSavedHistory(result: FitResult, record: CheckpointRecord): FitResult {
  const saved = (record.history ?? []).map((h) => ({ ...h, x: Float64Array.from(h.x), phase: 0 }));
  return { ...result, history: [...saved, ...result.history] };
}

export interface SubjectInput {
  readonly model: string;
  /** The fitted columns, or a streamed table's digest of them (streamedFit.ts). */
  readonly data: FitData | DataDigest;
  readonly parameters: readonly ParameterSpec[];
  readonly options: FitOptions;
}

const savedIteration = (s: IterationSummary): SavedIteration => ({ ...s, x: Array.from(s.x) });

export interface CheckpointStats {
  readonly saves: number;
  /** Time the fit's own thread spent on saves (the fingerprint, building the records, starting the writes). */
  readonly saveMs: number;
  /** Time from starting each write to IndexedDB's commit, added up (runs beside the fit). */
  readonly writeMs: number;
  /** Why saving stopped (storage refused), or null. */
  readonly failed: string | null;
}

export interface CheckpointWriter {
  /** curveFit's checkpoint hooks (resume: the saved state, or null for a fresh fit). */
  readonly hooks: NonNullable<CurveFitInput['checkpoint']>;
  /** The fit's onIteration: every main-phase iteration; saves when the time has come. */
  onIteration(summary: IterationSummary, role: 'fit' | 'polish'): void;
  /** The main phase's iterations, the saved ones first (a resumed fit's history starts at 1). */
  readonly history: () => readonly SavedIteration[];
  /** After the fit, whatever its end: waits for a write in flight, then deletes the checkpoint. */
  close(): Promise<CheckpointStats>;
}

export function checkpointWriter(key: string, input: SubjectInput, resumed: CheckpointRecord | null, everyMs = checkpointTiming.everyMs, now: () => number = () => performance.now()): CheckpointWriter {
  let subject: CheckpointSubject | null = resumed;
  const history: SavedIteration[] = [...(resumed?.history ?? [])];
  let pending: TrfState | null = null;
  let last = now();
  let inFlight: Promise<void> | null = null;
  let saves = 0;
  let saveMs = 0;
  let writeMs = 0;
  let failed: string | null = null;

  const save = (state: TrfState) => {
    const t0 = now();
    subject ??= checkpointSubject(input.model, input.data, input.parameters, input.options);
    const record: CheckpointRecord = { format: CHECKPOINT_FORMAT, version: CHECKPOINT_VERSION, savedAt: new Date().toISOString(), ...subject, state, history: [...history] };
    inFlight = writeValue(key, record).then(
      () => {
        saves++;
        writeMs += now() - t0;
        inFlight = null;
      },
      (error: unknown) => {
        // Storage refused (full, or gone): the fit goes on without checkpoints.
        failed = storageReason(error);
        inFlight = null;
      },
    );
    last = now();
    saveMs += last - t0;
  };

  return {
    hooks: {
      resume: resumed?.state ?? null,
      onState: (state) => {
        pending = state;
      },
    },
    onIteration: (summary, role) => {
      if (role !== 'fit' || pending === null) return;
      history.push(savedIteration(summary));
      const state = pending;
      pending = null;
      if (failed === null && inFlight === null && now() - last >= everyMs) save(state);
    },
    history: () => history,
    close: async () => {
      await inFlight;
      if (saves > 0 || resumed !== null) await deleteValue(key).catch(() => undefined);
      return { saves, saveMs, writeMs, failed };
    },
  };
}

/** The stored checkpoint under `key`, read field by field; a damaged one is deleted. */
export async function readCheckpoint(key: string): Promise<{ record: CheckpointRecord } | { problem: string } | null> {
  const value = await readValue<unknown>(key);
  if (value === undefined) return null;
  const reading = readCheckpointRecord(value);
  if (reading.ok) return { record: reading.record };
  await deleteValue(key).catch(() => undefined);
  return { problem: reading.problem };
}

/** The stored checkpoint a resumed fit continues from, or why it cannot. */
export async function resumable(key: string, input: SubjectInput): Promise<Status<CheckpointRecord>> {
  const stored = await readCheckpoint(key).catch((error: unknown) => ({ problem: `storage refused: ${storageReason(error)}` }));
  const why = !stored ? 'it is no longer stored' : 'problem' in stored ? stored.problem : compareSubject(stored.record, input) ? 'it belongs to another fit' : null;
  if (why !== null || !stored || !('record' in stored)) return { ok: false, error: { code: 'checkpoint', message: `The interrupted fit cannot be resumed (${why}). Press Fit to run it from its start.` } };
  return { ok: true, value: stored.record };
}

/** How the saved subject compares with the fit the page would run now. */
export function compareSubject(record: CheckpointRecord, input: SubjectInput): SubjectDifference | null {
  return subjectDifference(record, checkpointSubject(input.model, input.data, input.parameters, input.options));
}

/** What the page tells the user about a stored checkpoint: nothing, resume it, why not, or that it was damaged. */
export function offerFor(record: CheckpointRecord, difference: SubjectDifference | null, freeNames: readonly string[]): CheckpointOffer {
  const last = record.history?.[record.history.length - 1];
  const accepted = freeNames.length === record.state.x.length ? { names: [...freeNames], values: [...record.state.x] } : null;
  const facts = { model: record.model, iteration: record.state.nit, nfev: record.state.nfev, cost: last?.cost ?? null, savedAt: record.savedAt, accepted };
  return difference ? { kind: 'differs', ...facts, difference } : { kind: 'resumable', ...facts };
}
