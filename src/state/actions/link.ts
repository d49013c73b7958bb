/**
 * Fit links (src/share): making one from the page, and opening one. A link opens into a clean
 * workbench: with its data inline, the data are loaded and the fit re-run; with a fingerprint,
 * the page asks for the file and fits once the file's used columns match the fingerprint
 * (computed in the worker over exactly the rows the selection uses); a link that cannot be read
 * leaves the workbench clean with decodeSpec's message.
 */
import { callback, getClient } from '../../client/worker';
import { decodeSpec, type LinkPlan } from '../../share/index';
import type { DataFingerprint, FitSpec } from '../../share/types';
import type { Status } from '../../worker/api';
import { dataFileName } from '../dataFile';
import { portableSpec, shareBlocker } from '../shareSpec';
import { specMapping } from '../selectors/spec';
import { specDataColumns } from '../../share/odeSpec';
import { applySpec } from './applySpec';
import { linkSessionId } from '../sessions/record';
import { getState, setState } from '../store';
import { adoptTable } from './data';
import { runFit } from './fit';
import { runGroupFitsInMode } from './global';
import { autoFitBlocker } from '../selectors/fitBlockers';
import { effectiveShared } from '../selectors/groupFits';
import { resetWorkbench } from './reset';
import { flushSave } from '../sessions/autosave';
import { claimNextSessionId } from '../sessions/pageSession';

const count = (n: number) => n.toLocaleString('en-US');

/** Compressed bytes a link may spend on inline data (tests lower it through setLinkBudget). */
let budget: number | undefined;

export function setLinkBudget(bytes: number | undefined): void {
  budget = bytes;
}

/** The link for the page as it is: the data inline when they fit, else a fingerprint. */
export async function planCurrentLink(): Promise<Status<LinkPlan>> {
  const s = getState();
  const blocked = shareBlocker(s);
  if (blocked) return { ok: false, error: { code: 'not-ready', message: blocked } };
  return getClient().planLink(portableSpec(s), { fileName: dataFileName(s), ...(budget !== undefined ? { budget } : {}) });
}

/** Opens a link (the fragment of the address, or a whole URL). Never throws. */
export async function openLink(fragment: string): Promise<boolean> {
  const opened = decodeSpec(fragment);
  await flushSave();
  resetWorkbench();
  if (!opened.ok) {
    setState({ linkError: opened.error });
    return false;
  }
  const spec = opened.spec;
  const data = spec.data;
  const sessionId = linkSessionId(fragment.slice(fragment.indexOf('#') + 1));
  if (data?.kind === 'inline') {
    claimNextSessionId(sessionId);
    await applySpec(spec);
    if (!getState().table) return false;
    const rows = getState().selection?.rows ?? 0;
    const waits = autoFitBlocker(getState());
    if (waits === null) await runFit();
    const groups = waits === null ? await refitGroups(spec) : '';
    setState({ linkNotice: `Opened from a link: the data (${data.fileName ?? 'no file name'}, ${count(rows)} rows) came with it${waits === null ? `, and the fit${groups} ran again.` : `. ${waits}`}` });
    return true;
  }
  await applySpec({ ...spec, data: null });
  if (data?.kind === 'fingerprint') {
    setState({ pendingLink: { spec, expected: data, checking: null, fileError: null, sessionId } });
  } else {
    setState({ linkNotice: 'This link carries the model and settings but no data: load data to fit.' });
  }
  return true;
}

/** A link with groups fits them again as it was made (each group, or the global fit); says so in
 *  words for the notice (" and the global fit"), or '' when there was nothing to fit. */
async function refitGroups(spec: FitSpec): Promise<string> {
  const s = getState();
  if (!spec.groups || s.groupBy === null || !s.groupList) return '';
  if (s.groupMode === 'global' && effectiveShared(s).length === 0) return '';
  await runGroupFitsInMode();
  return s.groupMode === 'global' ? ' and the global fit' : s.groupMode === 'mixed' ? ' and the mixed-effects fit' : ` and the fit of each ${s.groupBy}`;
}

/** Why a file's used columns do not match the link's fingerprint, in words. */
export function mismatchMessage(fileName: string, got: { rows: number; hash: string }, expected: DataFingerprint): string | null {
  if (got.rows !== expected.rows) {
    return `${fileName} does not match the link: the rows differ (${count(got.rows)} usable rows, the link's data have ${count(expected.rows)}). Open the file the link was made from.`;
  }
  if (got.hash !== expected.hash.toLowerCase()) {
    return `${fileName} does not match the link: it has the same number of rows (${count(got.rows)}), but the values differ. Open the file the link was made from.`;
  }
  return null;
}

/**
 * A file offered for a fingerprint link: read in the worker, its used columns fingerprinted and
 * compared; a match is adopted and fitted, anything else refused with the reason (the page keeps
 * waiting). Without a pending link the file just loads.
 */
export async function provideLinkFile(file: Blob, name: string): Promise<boolean> {
  const pending = getState().pendingLink;
  if (!pending) return false;
  const refuse = (fileError: string) => {
    const now = getState().pendingLink;
    if (now) setState({ pendingLink: { ...now, checking: null, fileError } });
    return false;
  };
  setState({ pendingLink: { ...pending, checking: name, fileError: null } });
  const client = getClient();
  const status = await client.loadFile(file, name, callback(() => undefined));
  if (getState().pendingLink?.spec !== pending.spec) return false;
  if (!status.ok) return refuse(`Could not read ${name}: ${status.error.message}`);
  const mapping = specMapping(pending.spec);
  const print = await client.fingerprint(mapping, pending.spec.ode ? specDataColumns(pending.spec).names : undefined);
  if (getState().pendingLink?.spec !== pending.spec) return false;
  if (!print.ok) return refuse(`${name} cannot be used for this link: ${print.error.message}`);
  const mismatch = mismatchMessage(name, print.value, pending.expected);
  if (mismatch) return refuse(mismatch);
  const spec: FitSpec = { ...pending.spec, data: null };
  claimNextSessionId(pending.sessionId);
  if (!(await adoptTable(status, { kind: 'file', name, sampleId: null }, mapping))) return false;
  await applySpec(spec);
  const waits = autoFitBlocker(getState());
  if (waits === null) await runFit();
  const groups = waits === null ? await refitGroups(spec) : '';
  setState({ linkNotice: `Opened from a link: ${name} matches the link's fingerprint (${count(pending.expected.rows)} rows)${waits === null ? `, and the fit${groups} ran again.` : `. ${waits}`}` });
  return true;
}

/** Gives up on the link's data (the model and settings stay). */
export function cancelPendingLink(): void {
  setState({ pendingLink: null });
}

export function dismissLinkMessage(): void {
  setState({ linkError: null, linkNotice: null });
}
