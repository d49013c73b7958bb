/**
 * The page the grouped ODE tests start from: R's Orange (fixtures/mixed/orange.csv) loaded with
 * the worker's code in this thread, the logistic growth ODE dy/dt = y(1 − y/Asym)/scal,
 * y(0) = Asym/(1 + e^(xmid/scal)), circumference ~ y over age, grouped by Tree, and the pooled
 * fit run (as an opened link runs it before the group fit, src/state/actions/link.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localClient } from '../src/client/localClient';
import { setClient } from '../src/client/worker';
import { loadText, setMapping } from '../src/state/actions/data';
import { runFit } from '../src/state/actions/fit';
import { setGroupBy } from '../src/state/actions/groups';
import { setModelText } from '../src/state/actions/model';
import { setParamValue } from '../src/state/actions/params';
import { initialState, setState } from '../src/state/store';
import type { OdeSettings } from '../src/share/types';

export const ORANGE = join(import.meta.dirname, '..', 'fixtures', 'mixed', 'orange.csv');
export const LOGISTIC = 'dy/dt = y*(1 - y/Asym)/scal; y(0) = Asym/(1+exp(xmid/scal)); circumference ~ y';

export async function orangeOdePage(ode?: OdeSettings): Promise<void> {
  setClient(localClient());
  setState(initialState, true);
  if (!(await loadText(readFileSync(ORANGE, 'utf8'), 'orange.csv'))) throw new Error('orange.csv did not load');
  await setMapping({ x: ['age'], y: 'circumference' });
  setModelText(LOGISTIC);
  for (const [name, value] of Object.entries({ Asym: 192, xmid: 728, scal: 353 })) setParamValue(name, value);
  await setGroupBy('Tree');
  if (ode) setState({ ode });
  await runFit();
}
