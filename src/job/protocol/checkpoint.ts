/**
 * A fit job's stored checkpoint (issue 12) as the page offers it before a fit: whether the state
 * saved under the page's key can continue this job (the checkpoint subject, src/store/
 * checkpointSubject.ts), and the facts of the save.
 */
import type { SubjectDifference } from '../../store/checkpointSubject';

/** A stored checkpoint as the page offers it (issue 12). */
export type CheckpointOffer =
  | { readonly kind: 'none' }
  /** Stored, but not a checkpoint this page can read: it was deleted. */
  | { readonly kind: 'damaged'; readonly problem: string }
  | (CheckpointFacts & { readonly kind: 'resumable' })
  /** Saved for another fit: what differs from the fit on the page now. */
  | (CheckpointFacts & { readonly kind: 'differs'; readonly difference: SubjectDifference });

export interface CheckpointFacts {
  readonly model: string;
  /** Iterations done and evaluations spent before the interruption. */
  readonly iteration: number;
  readonly nfev: number;
  /** The cost after that iteration (null for a record without iterations). */
  readonly cost: number | null;
  /** ISO time of the save. */
  readonly savedAt: string;
  /** The saved parameters by name (the free ones; null when the fit on the page has other free
   *  parameters): Resume shows them in the table before the fit continues from them. */
  readonly accepted: { readonly names: readonly string[]; readonly values: readonly number[] } | null;
}
