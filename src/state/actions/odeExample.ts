/** Picking an ODE example of the library (src/library/ode/examples.ts) on the page. */
import { findOdeExample } from '../../library/ode/examples';
import { makeRow, NO_PARAM_ERRORS } from '../slices/params';
import { getState, setState } from '../store';
import { refreshCurve } from './curve';
import { followModelColumns } from './data';
import { setModelText } from './model';

/**
 * An ODE example of the library (issue 23): its statements as written (their `~` lines name the
 * sample's columns) and its start values and bounds; x moves to the time column when it is one
 * the statements observe (modelColumns.ts).
 */
export async function pickOdeExample(id: string): Promise<void> {
  const example = findOdeExample(id);
  if (!example) return;
  setModelText(example.statements, id);
  await followModelColumns();
  const s = getState();
  const starts = new Map(Object.entries(example.starts));
  setState({
    params: s.params.map((r) => {
      const start = starts.get(r.name);
      return start ? makeRow(r.name, { value: start.value, min: start.min ?? -Infinity, max: start.max ?? Infinity, positive: start.min === 0 }) : r;
    }),
    paramErrors: NO_PARAM_ERRORS,
  });
  refreshCurve();
}
