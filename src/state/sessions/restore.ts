/**
 * Restoring a saved session into the page: at startup without a link (the most recent one), or
 * opened from the list. A restored session shows its saved outcome as it was (no re-fit), and the
 * worker gets the fit back so the bands still follow redraws; an interrupted fit of it is offered.
 */
import { getClient } from '../../client/worker';
import { readValue, storageReason } from '../../job/browser/storage';
import { applySpec } from '../actions/applySpec';
import { offerInterruptedFit } from '../actions/checkpoint';
import { refreshCurve } from '../actions/curve';
import { adoptRestoredTable, setPlot } from '../actions/data';
import { resetWorkbench } from '../actions/reset';
import { specMapping } from '../selectors/spec';
import { signatureSignedSince } from '../signature';
import { getState, setState } from '../store';
import { tiedModel } from '../ties';
import { flushSave } from './autosave';
import { readSessionSpec } from './lenientSpec';
import { storageFailed } from './notices';
import { claimNextSessionId, setRestoringSession } from './pageSession';
import { dataKey, isSessionRecord, savedComparison, savedGroupResults, sessionKey, sessionProblem, type SessionRecord } from './record';
import { restorableSettings } from './restoreSettings';
import { dropFromIndex, refreshSessionList } from './sessionIndex';
import { serial } from './storageQueue';

/** What the last restore left out or changed and the user should hear of (restorableSettings'
 *  and savedComparison's notes), or null. */
let restoreNote: string | null = null;

/**
 * Restores a saved session into the page: its data (read by the worker), mapping, model,
 * parameters, settings, plot, and last fit. Returns an error message, or null when restored.
 */
export async function restoreSession(id: string): Promise<string | null> {
  await flushSave();
  let record: unknown;
  try {
    record = await serial(() => readValue<unknown>(sessionKey(id)));
  } catch (error) {
    storageFailed(storageReason(error));
    return `Sessions cannot be read in this browser (${storageReason(error)}).`;
  }
  const problem = sessionProblem(record);
  const read = problem === null ? readSessionSpec((record as SessionRecord).spec) : null;
  if (problem !== null || !read || !isSessionRecord(record)) {
    await serial(() => dropFromIndex(id)).catch(() => undefined);
    return `This session could not be restored: its saved record is damaged (${problem ?? 'spec is not a fit description'}). It was removed from the list; the workbench is clean.`;
  }
  // Settings a fit would refuse are back at their defaults, and the notice says so.
  const settings = restorableSettings(read.settings);
  const spec = { ...read, settings: settings.settings };
  resetWorkbench();
  setRestoringSession(id);
  restoreNote = settings.note;
  try {
    setState({ loading: { name: record.source.name, fraction: null, rows: 0 }, loadError: null });
    const status = await getClient().loadSavedTable(dataKey(id));
    // A streamed table whose folder storage lost, or another tab holds (issue 12): the session
    // comes back without its data, and the data panel asks for the file again. The next data
    // loaded continue this session when it was gone; when another tab has it open, that tab still
    // saves it, so the next data start a new session (with this one's model and parameters): two
    // tabs saving one session could leave its record and its data from different tables.
    if (!status.ok && (status.error.code === 'stream-gone' || status.error.code === 'stream-in-use')) {
      await applySpec(spec);
      const gone = status.error.code === 'stream-gone';
      setState({ loading: null, sessionId: gone ? id : null, streamGone: { fileName: record.source.name, rows: record.meta.rows, kind: gone ? 'gone' : 'in-use', detail: status.error.message } });
      if (gone) claimNextSessionId(id);
      return null;
    }
    if (!status.ok) {
      setState({ loading: null });
      setRestoringSession(null);
      if (status.error.code !== 'storage') await serial(() => dropFromIndex(id)).catch(() => undefined);
      return `This session could not be restored: ${status.error.message}`;
    }
    const mapping = specMapping(spec);
    if (!(await adoptRestoredTable(status, record.source, mapping))) return 'This session could not be restored: its data could not be loaded.';
    await applySpec(spec);
    // A plot variable beyond the saved columns (another version's record) draws the first one.
    await setPlot({ ...record.plot, ...(record.plot.plotVar >= mapping.x.length ? { plotVar: 0 } : {}) });
    const outcome = record.outcome;
    if (outcome) {
      // The model the fit ran on: with the ties written in (state/ties.ts), as its result's parameters.
      const back = await getClient().restoreFit({ model: tiedModel(getState()).text, mapping, result: outcome.result, absoluteSigma: spec.settings.absoluteSigma, weights: spec.settings.weights, poisson: outcome.poisson != null });
      // The Compare card's last comparison with this fit, when it was saved and reads back whole.
      const { comparison, note } = savedComparison(record);
      restoreNote = [restoreNote, note].filter((n) => n !== null).join(' ') || null;
      const compared = comparison ? { modelCompare: { status: 'done' as const, outcome, progress: null, result: comparison, error: null } } : {};
      // A record saved before the fit settings were signed: its signature read in today's form.
      const fittedSignature = record.signatureWithSettings === true ? record.fittedSignature : signatureSignedSince(record.fittedSignature, getState());
      setState({ outcome, fitStatus: 'done', fittedSignature, ...compared, ...(back.ok ? { curveSignature: null } : {}) });
      refreshCurve();
    }
    restoreGroupResults(record);
    setState({ sessionId: id });
    return null;
  } finally {
    setRestoringSession(null);
  }
}

/**
 * The group results the session was saved with (issue 27, item 5), shown as they were, like its
 * single fit (no re-fit): only where the restored page has the grouping they were fitted on (the
 * group column still in the data). Damaged ones are left out, with a note.
 */
function restoreGroupResults(record: SessionRecord): void {
  const { groups, note } = savedGroupResults(record);
  if (note) restoreNote = [restoreNote, note].filter((n) => n !== null).join(' ');
  if (!groups || getState().groupBy === null || !getState().groupList) return;
  const { batch, global, comparison, mixed } = groups;
  setState({
    ...(batch ? { batch, batchStatus: batch.cancelled ? ('cancelled' as const) : ('done' as const), batchProgress: { done: batch.rows.length, total: batch.total, failed: batch.failed } } : {}),
    ...(global ? { global, globalStatus: 'done' as const } : {}),
    ...(global && comparison ? { comparison, comparisonStatus: 'done' as const } : {}),
    ...(mixed ? { mixed, mixedStatus: 'done' as const } : {}),
  });
}

/** At startup without a link: the most recent session, if there is one. */
export async function restoreLatestSession(): Promise<boolean> {
  await refreshSessionList();
  const latest = getState().recentSessions[0];
  if (!latest) return false;
  const error = await restoreSession(latest.id);
  if (error) resetWorkbench();
  setState({ restored: { meta: latest, error, note: error ? null : restoreNote } });
  if (error === null) await offerInterruptedFit();
  return error === null;
}

/** Opens a session from the list (the current one is saved first). */
export async function openSession(id: string): Promise<string | null> {
  const error = await restoreSession(id);
  const meta = getState().recentSessions.find((m) => m.id === id);
  // A session opened from the list gets a notice only when its restore left something out.
  setState({ restored: error === null && restoreNote && meta ? { meta, error: null, note: restoreNote, opened: true } : null });
  if (error === null) await offerInterruptedFit();
  return error;
}
