/**
 * Resume of an interrupted fit (issue 12): the notice's other button beside Discard
 * (actions/checkpoint.ts). The table takes the saved parameters and the fit continues from the
 * saved state, ending where it would have ended.
 */
import { updateRow } from '../slices/params';
import { getState, setState } from '../store';
import { refreshCurve } from './curve';
import { runFit } from './fit';

/** Resume: the table takes the saved parameters and the fit continues from the saved state. */
export async function resumeInterruptedFit(): Promise<void> {
  const f = getState().interruptedFit;
  if (!f || f.offer.kind !== 'resumable') return;
  setState({ interruptedFit: null });
  const accepted = f.offer.accepted;
  if (accepted) {
    const values = new Map(accepted.names.map((name, i) => [name, accepted.values[i]]));
    setState({ params: getState().params.map((r) => (values.has(r.name) && !r.fixed ? updateRow(r, { value: values.get(r.name) ?? r.value }) : r)) });
    refreshCurve();
  }
  await runFit({ resume: true });
}
