/**
 * The fast subset of the CLI golden comparison (golden.ts): these invocations print what they
 * printed at 0d68fbe, timings masked. The whole set: `node --import tsx test/golden/golden.ts`.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CASES } from './cases';
import { inputsFolder, readExpected, runCases, serialize } from './golden';

const dir = inputsFolder();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the CLI golden comparison (fast subset)', () => {
  it('prints what it printed before the fit job, byte for byte but for timings', async () => {
    const fast = CASES.filter((c) => c.fast);
    const records = await runCases(dir, fast);
    for (const r of records) expect(serialize(r), r.name).toBe(serialize(readExpected(r.name)!));
  }, 120_000);
});
