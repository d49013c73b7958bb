/**
 * A saved session whose solver settings a fit refuses (issue 27, item 3: f_scale = −3, ftol = −1,
 * saved by another version or damaged): restored, each such setting is back at its default with a
 * notice that says so, and the next fit runs. Before, they came back silently and every later fit
 * failed, with f_scale's field disabled under the linear loss, where it could not be mended.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { autosaveInFakeTime } from '../../test/autosave';
import { db } from '../../test/memoryStorage';
import { specFromJson } from '../share/index';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { setSettings } from './actions/settings';
import { flushSave, openSession, restoreLatestSession, SAVE_DELAY_MS } from './actions/sessions';
import { fScaleDisabled } from './selectors/settings';
import { INDEX_KEY, sessionKey, type SessionRecord } from './sessions/record';
import { DEFAULT_SETTINGS } from './slices/settings';
import { getState, initialState, setState } from './store';

vi.mock('../job/browser/storage', () => import('../../test/memoryStorage'));
const latestId = () => (db.get(INDEX_KEY) as { id: string }[])[0].id;
const sample = (name: string) => readFileSync(join(import.meta.dirname, '..', '..', 'public', 'samples', name), 'utf8');

async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
  await flushSave();
}

/** The stored record of the latest session with its spec's settings changed by `patch` (as JSON holds them). */
function damageSettings(patch: Record<string, unknown>): void {
  const key = sessionKey(latestId());
  const record = db.get(key) as SessionRecord;
  const spec = JSON.parse(record.spec) as { settings: Record<string, unknown> };
  db.set(key, { ...record, spec: JSON.stringify({ ...spec, settings: { ...spec.settings, ...patch } }) });
}

describe('a session restored with settings a fit refuses', () => {
  autosaveInFakeTime();

  it('f_scale = −3 and ftol = −1 under the linear loss: back at the defaults, said, and the next fit runs', async () => {
    db.clear();
    setState(initialState, true);
    expect(await loadText(sample('decay.csv'), 'decay.csv')).toBe(true);
    setModelText('A*exp(-t/tau) + c');
    setParamValue('A', 800);
    setParamValue('tau', 3);
    await settle();
    damageSettings({ fScale: -3, ftol: -1 });
    // The link's strict reader refuses them: the session's lenient reader took them as they were.
    expect(specFromJson((db.get(sessionKey(latestId())) as SessionRecord).spec).ok).toBe(false);

    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    const s = getState();
    expect(s.restored?.error).toBeNull();
    expect(s.settings.loss).toBe('linear');
    expect(s.settings.fScale).toBe(DEFAULT_SETTINGS.fScale);
    expect(s.settings.ftol).toBe(DEFAULT_SETTINGS.ftol);
    // The settings in range stay as saved.
    expect(s.settings.xtol).toBe(DEFAULT_SETTINGS.xtol);
    expect(s.restored?.note).toMatch(/f_scale -3 → 1/);
    expect(s.restored?.note).toMatch(/ftol -1 → 1e-15/);

    await runFit();
    expect(getState().fitError).toBeNull();
    expect(getState().fitStatus).toBe('done');
    const tau = getState().outcome?.result.parameters.find((p) => p.name === 'tau')?.value ?? NaN;
    expect(Number.isFinite(tau) && tau > 0).toBe(true);
  });

  it('settings the fit accepts are restored as saved, with no notice', async () => {
    setSettings({ loss: 'soft_l1', fScale: 0.25, ftol: 1e-10, maxNfev: 500 });
    await settle();
    const id = latestId();
    setState(initialState, true);
    expect(await openSession(id)).toBeNull();
    expect(getState().settings).toMatchObject({ loss: 'soft_l1', fScale: 0.25, ftol: 1e-10, maxNfev: 500 });
    expect(getState().restored).toBeNull();
  });

  it('all three tolerances below machine epsilon (each in range, no test could stop a fit): the three back at the defaults', async () => {
    damageSettings({ ftol: 0, xtol: 0, gtol: 1e-300, maxNfev: 2.5 });
    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    const s = getState();
    expect([s.settings.ftol, s.settings.xtol, s.settings.gtol]).toEqual([DEFAULT_SETTINGS.ftol, DEFAULT_SETTINGS.xtol, DEFAULT_SETTINGS.gtol]);
    expect(s.settings.maxNfev).toBeNull();
    expect(s.restored?.note).toMatch(/max_nfev 2\.5 → default/);
    await runFit();
    expect(getState().fitStatus).toBe('done');
  });

  it("f_scale's field stays within reach under the linear loss while its value stops every fit", () => {
    expect(fScaleDisabled({ loss: 'linear', fScale: 1 })).toBe(true);
    expect(fScaleDisabled({ loss: 'linear', fScale: -3 })).toBe(false);
    expect(fScaleDisabled({ loss: 'linear', fScale: NaN })).toBe(false);
    expect(fScaleDisabled({ loss: 'soft_l1', fScale: 2 })).toBe(false);
  });
});
