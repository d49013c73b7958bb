/**
 * Share slice: what the page knows about the fit link it was opened with — why it could not be
 * opened, or, for a link whose data were too large to carry, the fingerprint the file it asks for
 * must match (and what was wrong with the last file offered).
 */
import type { ShareError } from '../../share/errors';
import type { DataFingerprint, FitSpec } from '../../share/types';

export interface PendingLink {
  /** The link's spec; its data are the fingerprint. */
  readonly spec: FitSpec;
  readonly expected: DataFingerprint;
  /** The file being read and checked, or null. */
  readonly checking: string | null;
  /** Why the last file offered was refused. */
  readonly fileError: string | null;
  /** The session the link's data will be saved as. */
  readonly sessionId: string;
}

export interface ShareSlice {
  /** A link that could not be opened (decodeSpec's error). */
  readonly linkError: ShareError | null;
  /** A link whose data must be opened from a file before it can fit. */
  readonly pendingLink: PendingLink | null;
  /** Something to say about an opened link (it carried no data…). */
  readonly linkNotice: string | null;
}

export const initialShare: ShareSlice = { linkError: null, pendingLink: null, linkNotice: null };
