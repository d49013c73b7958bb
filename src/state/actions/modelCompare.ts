/**
 * "Compare with another model" (issue 10): the second model and its fixed parameters as typed,
 * checked here (a clear message at the field), then fitted and compared in the worker against the
 * current outcome; the run remembers its outcome, so a new fit makes it stale.
 */
import { callback, getClient } from '../../client/worker';
import type { AutoStartStep } from '../../worker/api';
import { getState, setState } from '../store';
import { refitRestored, RESTORED_CODES } from './refitRestored';

/**
 * "K=0.05, b=0" → [{name, value}]: the fixed parameters of the second model. An error names the
 * entry and the form that works.
 */
export function parseFixedList(text: string): { ok: true; value: { name: string; value: number }[] } | { ok: false; message: string } {
  const out: { name: string; value: number }[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(\S+)$/.exec(item);
    const value = m ? Number(m[2]) : NaN;
    if (!m || !Number.isFinite(value)) return { ok: false, message: `"${item}" is not name=number; write the fixed parameters as K=0.05, b=0.` };
    if (out.some((f) => f.name === m[1])) return { ok: false, message: `"${m[1]}" is fixed twice; give it once.` };
    out.push({ name: m[1], value });
  }
  return { ok: true, value: out };
}

/** The card's fields as typed; kept in the store so that a new fit (which redraws the results) keeps them. */
export function setCompareDraft(patch: Partial<{ model: string; fixed: string }>): void {
  setState({ compareDraft: { ...getState().compareDraft, ...patch } });
}

export async function runModelCompare(model: string, fixed: readonly { name: string; value: number }[], nested = false): Promise<void> {
  const s = getState();
  const outcome = s.outcome;
  if (!outcome || s.fitStatus === 'running' || s.batchStatus === 'running' || s.modelCompare.status === 'running' || s.profileRun.status === 'running') return;
  setState({ modelCompare: { status: 'running', outcome, progress: null, result: null, error: null } });
  const mine = () => getState().modelCompare.outcome === outcome && getState().outcome === outcome;
  const onProgress = callback((p: AutoStartStep) => {
    if (mine() && getState().modelCompare.status === 'running') setState({ modelCompare: { ...getState().modelCompare, progress: p } });
  });
  let status = await getClient().compareModel({ model, fixed, nested }, onProgress);
  // A fit restored from a saved session: fitted again from its own values first (refitRestored.ts).
  if (!status.ok && RESTORED_CODES.has(status.error.code) && mine()) {
    const refit = await refitRestored(outcome);
    status = refit ? { ok: false, error: refit } : mine() ? await getClient().compareModel({ model, fixed, nested }, onProgress) : status;
  }
  if (!mine()) return;
  const run = getState().modelCompare;
  if (status.ok) setState({ modelCompare: { ...run, status: 'done', result: status.value } });
  else setState({ modelCompare: { ...run, status: status.error.code === 'cancelled' ? 'cancelled' : 'error', error: status.error } });
}

export function cancelModelCompare(): void {
  if (getState().modelCompare.status !== 'running') return;
  void getClient().cancelFit();
}
