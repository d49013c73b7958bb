/**
 * The page's autosave for a describe block of state tests: a client (by default the local one, the
 * worker's API in this thread), setTimeout and clearTimeout faked (a test advances the save delay itself), the
 * autosave started before the block and stopped after it.
 */
import { afterAll, beforeAll, vi } from 'vitest';
import { localClient } from '../src/client/localClient';
import { setClient, type Client } from '../src/client/worker';
import { startAutosave, stopAutosave } from '../src/state/actions/sessions';

export function autosaveInFakeTime(client: () => Client = () => localClient()): void {
  beforeAll(() => {
    setClient(client());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    startAutosave();
  });
  afterAll(() => {
    stopAutosave();
    vi.useRealTimers();
  });
}
