/**
 * The resume step: a checkpointed job saves the main phase's state as it runs, for what it
 * belongs to (the model as written, the usable cells' digest, the bounds and fixed values, the
 * options: src/store/checkpointSubject.ts), and continues from a saved state of the same subject.
 * The digest is the one a streamed fit of the same file takes as it stores the pieces, so a
 * checkpoint of either resumes the other; files saved with the older whole-column digest still
 * resume in memory.
 */
import type { FitData } from '../../data';
import type { FitOptions } from '../../fit/defaults';
import type { ParameterSpec } from '../../fit/parameters';
import type { TrfState } from '../../solver/trfState';
import { cellDigest } from '../../store/cellDigest';
import { checkpointSubject, dataDigest, type DataDigest } from '../../store/checkpointSubject';
import type { CheckpointStore, CheckpointWriter } from '../host';

export interface OpenCheckpoint {
  readonly writer: CheckpointWriter;
  /** The state to continue from (null: the fit starts afresh). */
  readonly resume: TrfState | null;
}

/** The data's fingerprints: the usable cells' digest, and the older whole-column one a file may carry. */
export function memoryDigests(data: FitData): { digest: DataDigest; older: DataDigest } {
  const cells = [...data.vars, data.y, ...(data.sigma ? [data.sigma] : [])];
  return { digest: cellDigest(cells), older: dataDigest(cells) };
}

/** The data are hashed only when asked (`digests` is called at most once): to resume, or at a first save. */
export async function openCheckpoint(store: CheckpointStore, job: { readonly model: string; readonly parameters: readonly ParameterSpec[]; readonly options: FitOptions; readonly resume: boolean }, digests: () => { digest: DataDigest; older: DataDigest | null }, notes: string[]): Promise<OpenCheckpoint> {
  let data: { digest: DataDigest; older: DataDigest | null } | null = null;
  const hashed = () => (data ??= digests());
  const subject = () => checkpointSubject(job.model, hashed().digest, job.parameters, job.options);
  const free = job.parameters.filter((p) => !p.fixed).length;
  const resume = job.resume ? await store.read(subject(), free, hashed().older) : null;
  if (job.resume && !resume) notes.push(store.missingNote);
  return { writer: store.writer(subject), resume };
}
