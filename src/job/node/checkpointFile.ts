/**
 * The Node host's checkpoint store (issue 12; src/job/host.ts's CheckpointStore, as
 * src/job/browser/checkpoint.ts is the page's): `--checkpoint FILE` saves the TRF state of the main
 * phase (src/solver/trfState.ts) with what it belongs to (the model, a fingerprint of the data
 * columns, the parameter table's bounds and fixed values, the solver options); `--resume`
 * continues from it after checking that all of them are the same, and names what differs when
 * they are not. Files are written whole and renamed into place, so a fit killed while saving
 * leaves the last good one. A file that cannot be resumed is the job's input error (FitInputError),
 * in the command line's words.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { FitInputError } from '../../fit/parameters';
import { now } from '../../solver/clock';
import { trfStateProblem, type TrfState } from '../../solver/trfState';
import { CHECKPOINT_FORMAT, CHECKPOINT_VERSION, readCheckpointRecord, type CheckpointRecord } from '../../store/checkpointRecord';
import { subjectDifference, type CheckpointSubject, type DataDigest, type SubjectDifference } from '../../store/checkpointSubject';
import type { CheckpointStore, CheckpointWriter } from '../host';

/** The file a save writes first, renamed into place once whole. */
export function temporaryName(file: string): string {
  return `${file}.${process.pid}.tmp`;
}

/** A checkpoint file that cannot be resumed from. */
const refused = (message: string) => new FitInputError('checkpoint', message);

/** What differs, in the command line's words. */
function differenceText(d: SubjectDifference): string {
  switch (d.part) {
    case 'model':
      return `it was saved for the model "${d.saved}"`;
    case 'data':
      return `its data differ (${d.savedRows} rows saved, ${d.rows} now, or other values)`;
    case 'parameters':
      return `its fixed parameters or bounds differ from --fix and --bounds (${d.names.join(', ')})`;
    case 'options':
      return `its solver options (--loss, --f-scale, tolerances, --x-scale, --weights…) differ (${d.keys.join(', ')})`;
  }
}

/**
 * The saved state to resume from, or null when `file` does not exist yet (a first run). `older`:
 * another fingerprint of the same data that a file may carry (an in-memory fit's checkpoint saved
 * before the CLI took the usable-cells digest, src/store/cellDigest.ts), read as this data's.
 */
export function readCheckpoint(file: string, subject: CheckpointSubject, free: number, older: DataDigest | null = null): TrfState | null {
  if (!existsSync(file)) return null;
  let saved: unknown;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw refused(`--resume: ${file} is not a fitbench checkpoint (${(error as Error).message}). Delete it or give another --checkpoint file.`);
  }
  const reading = readCheckpointRecord(saved);
  if (!reading.ok && reading.kind === 'format') throw refused(`--resume: ${file} is not a fitbench checkpoint of version ${CHECKPOINT_VERSION}. Delete it or give another --checkpoint file.`);
  if (!reading.ok) throw refused(`--resume: ${file} is damaged: ${reading.problem}. Delete it to start afresh.`);
  const savedData = reading.record.data;
  const same = older !== null && savedData.rows === older.rows && savedData.hash === older.hash;
  const differs = subjectDifference(reading.record, same ? { ...subject, data: savedData } : subject);
  if (differs) throw refused(`--resume: ${file} belongs to another fit: ${differenceText(differs)}. Delete it, or run the fit it was saved for.`);
  const problem = trfStateProblem(reading.record.state, free);
  if (problem) throw refused(`--resume: ${file} is damaged: ${problem}. Delete it to start afresh.`);
  return reading.record.state;
}

export function checkpointWriter(file: string, subject: CheckpointSubject, everyMs: number): CheckpointWriter {
  let saves = 0;
  let saveMs = 0;
  let last = now();
  let pending: TrfState | null = null;
  let failure: string | null = null;
  const save = (state: TrfState) => {
    if (failure) return;
    const t0 = now();
    const body: CheckpointRecord = { format: CHECKPOINT_FORMAT, version: CHECKPOINT_VERSION, savedAt: new Date().toISOString(), ...subject, state };
    const temporary = temporaryName(file);
    try {
      writeFileSync(temporary, JSON.stringify(body));
      renameSync(temporary, file);
    } catch (error) {
      // The target was checked before the fit (checkOutputTargets); losing it now must not
      // lose the fit: it goes on unsaved and says so (stderr now, the warnings at the end).
      rmSync(temporary, { force: true });
      failure = `--checkpoint ${file}: saving failed after ${saves} save${saves === 1 ? '' : 's'} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); the fit went on without saving its state.`;
      console.error(`fitbench: ${failure}`);
      pending = null;
      return;
    }
    saves++;
    pending = null;
    last = now();
    saveMs += last - t0;
  };
  return {
    onState: (state) => {
      pending = state;
      if (now() - last >= everyMs) save(state);
    },
    flush: () => {
      if (pending) save(pending);
    },
    report: () => ({ file, saves, saveMs }),
    failure: () => failure,
  };
}

/** --checkpoint FILE as the fit job's checkpoint store (src/job/host.ts), in the command line's words. */
export function fileCheckpoints(file: string, everyMs: number): CheckpointStore {
  return {
    read: (subject, free, older) => readCheckpoint(file, subject, free, older),
    writer: (subject) => checkpointWriter(file, subject(), everyMs),
    missingNote: `No checkpoint at ${file} yet: the fit starts afresh and saves one there.`,
    startSearchNote: 'The automatic start search is not checkpointed; give --p0 for every free parameter to checkpoint the whole fit.',
  };
}
