/**
 * Checkpoints in the CLI (issue 12): `--checkpoint FILE` saves the TRF state of the main phase
 * (src/solver/trfState.ts) with what it belongs to (the model, a fingerprint of the data columns,
 * the parameter table's bounds and fixed values, the solver options); `--resume` continues from it
 * after checking that all of them are the same, and names what differs when they are not. Files
 * are written whole and renamed into place, so a fit killed while saving leaves the last good one.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { FitOptions } from '../fit/defaults';
import type { FitData } from '../fit/types';
import type { ParameterSpec } from '../fit/parameters';
import { now } from '../solver/clock';
import { trfStateProblem, type TrfState } from '../solver/trfState';
import { CliError } from './errors';

const FORMAT = 'fitbench-checkpoint';
const VERSION = 1;

/** The data a checkpoint belongs to: row count and a 64-bit digest of the columns' bits. */
export interface DataDigest {
  readonly rows: number;
  readonly hash: string;
}

/**
 * Two 32-bit multiply–xorshift lanes (MurmurHash3's fmix constants) over the columns' 32-bit words:
 * a word at a time, so 10⁶ rows take milliseconds (the link fingerprint's byte-wise FNV-1a takes
 * about a second there, more than the fit). It tells one data set from another, nothing more: a
 * checkpoint is the user's own file, not an adversary's.
 */
export function dataDigest(columns: readonly Float64Array[]): DataDigest {
  let h1 = 0x9747b28c;
  let h2 = 0x85ebca6b;
  for (const column of columns) {
    const words = new Uint32Array(column.buffer, column.byteOffset, column.length * 2);
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      h1 = Math.imul(h1 ^ w, 0xcc9e2d51);
      h1 = (h1 << 13) | (h1 >>> 19);
      h2 = Math.imul(h2 + w, 0x1b873593) ^ (h2 >>> 15);
    }
    h1 ^= column.length;
    h2 ^= h1;
  }
  const fmix = (h: number) => {
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  };
  const hex = (h: number) => h.toString(16).padStart(8, '0');
  return { rows: columns[0]?.length ?? 0, hash: hex(fmix(h1)) + hex(fmix(h2)) };
}

/** What a saved state belongs to: a resumed fit must have every part the same. */
export interface CheckpointSubject {
  readonly model: string;
  readonly data: DataDigest;
  /** Per parameter: fixed value (free ones: null) and bounds, as JSON would keep them. */
  readonly parameters: readonly { readonly name: string; readonly fixed: number | null; readonly min: number | null; readonly max: number | null }[];
  readonly options: FitOptions;
}

interface CheckpointFile extends CheckpointSubject {
  readonly format: typeof FORMAT;
  readonly version: typeof VERSION;
  readonly savedAt: string;
  readonly state: TrfState;
}

/** JSON has no ±Infinity: an open bound is null. */
const bound = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? null : v);

export function checkpointSubject(model: string, data: FitData, parameters: readonly ParameterSpec[], options: FitOptions): CheckpointSubject {
  return {
    model,
    data: dataDigest([...data.vars, data.y, ...(data.sigma ? [data.sigma] : [])]),
    parameters: parameters.map((p) => ({ name: p.name, fixed: p.fixed ? (p.value ?? null) : null, min: bound(p.min), max: bound(p.max) })),
    // The evaluation budget is when to stop, not what is fitted: a resumed fit may get a larger one.
    options: JSON.parse(JSON.stringify({ ...options, maxNfev: undefined })) as FitOptions,
  };
}

/** The first part of `saved` that differs from `now`, in words, or null when they match. */
function difference(saved: CheckpointSubject, current: CheckpointSubject): string | null {
  if (saved.model !== current.model) return `it was saved for the model "${saved.model}"`;
  if (saved.data?.rows !== current.data.rows || saved.data?.hash !== current.data.hash) return `its data differ (${saved.data?.rows ?? '?'} rows saved, ${current.data.rows} now, or other values)`;
  if (JSON.stringify(saved.parameters) !== JSON.stringify(current.parameters)) return 'its fixed parameters or bounds differ from --fix and --bounds';
  if (JSON.stringify(saved.options) !== JSON.stringify(current.options)) return 'its solver options (--loss, --f-scale, tolerances, --x-scale, --weights…) differ';
  return null;
}

/** The saved state to resume from, or null when `file` does not exist yet (a first run). */
export function readCheckpoint(file: string, subject: CheckpointSubject, free: number): TrfState | null {
  if (!existsSync(file)) return null;
  let saved: CheckpointFile;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as CheckpointFile;
  } catch (error) {
    throw new CliError(`--resume: ${file} is not a fitbench checkpoint (${(error as Error).message}). Delete it or give another --checkpoint file.`);
  }
  if (saved?.format !== FORMAT || saved.version !== VERSION) throw new CliError(`--resume: ${file} is not a fitbench checkpoint of version ${VERSION}. Delete it or give another --checkpoint file.`);
  const differs = difference(saved, subject);
  if (differs) throw new CliError(`--resume: ${file} belongs to another fit: ${differs}. Delete it, or run the fit it was saved for.`);
  const problem = trfStateProblem(saved.state, free);
  if (problem) throw new CliError(`--resume: ${file} is damaged: ${problem}. Delete it to start afresh.`);
  return saved.state;
}

export interface CheckpointWriter {
  /** Gives the solver's state after an iteration; saves it when `everyMs` passed since the last save. */
  readonly onState: (state: TrfState) => void;
  /** Saves the last state heard, if it was not saved yet (at the end of the fit). */
  flush(): void;
  readonly report: () => { file: string; saves: number; saveMs: number };
}

export function checkpointWriter(file: string, subject: CheckpointSubject, everyMs: number): CheckpointWriter {
  let saves = 0;
  let saveMs = 0;
  let last = now();
  let pending: TrfState | null = null;
  const save = (state: TrfState) => {
    const t0 = now();
    const body: CheckpointFile = { format: FORMAT, version: VERSION, savedAt: new Date().toISOString(), ...subject, state };
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(body));
    renameSync(temporary, file);
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
  };
}
