import { describe, expect, it } from 'vitest';
import { checkpointEveryFromName, fitWorkerName } from './testSettings';

describe("the browser specs' settings in the fit worker's name", () => {
  it('carries ?checkpointEveryMs= from the page address to the worker, and nothing else', () => {
    expect(fitWorkerName('')).toBe('fitbench');
    expect(checkpointEveryFromName(fitWorkerName(''))).toBeNull();
    expect(checkpointEveryFromName(fitWorkerName('?checkpointEveryMs=0'))).toBe(0);
    expect(checkpointEveryFromName(fitWorkerName('?x=1&checkpointEveryMs=250'))).toBe(250);
    // Not a whole number of ms: the default stays.
    for (const bad of ['?checkpointEveryMs=', '?checkpointEveryMs=-1', '?checkpointEveryMs=1e3', '?checkpointEveryMs=abc']) {
      expect(fitWorkerName(bad), bad).toBe('fitbench');
    }
    expect(checkpointEveryFromName('fitbench-rows')).toBeNull();
  });
});
