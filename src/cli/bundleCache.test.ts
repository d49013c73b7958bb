/**
 * The build cache of the parse worker's script: a kept script is found again while its sources are
 * unchanged, not once one changes (size or time), nor when a source changed during the build.
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedScript, keepScript } from './bundleCache';

const root = mkdtempSync(join(tmpdir(), 'fitbench-bundle-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('bundleCache', () => {
  it('finds a kept script while its sources are unchanged, and not after', () => {
    const a = join(root, 'a.ts');
    const b = join(root, 'b.ts');
    writeFileSync(a, 'export const a = 1;');
    writeFileSync(b, 'export const b = 2;');
    const past = new Date(Date.now() - 60_000);
    utimesSync(a, past, past);
    utimesSync(b, past, past);
    expect(cachedScript(root, 'w')).toBeNull();
    const kept = keepScript(root, 'w', 'console.log(1)', [a, b], Date.now());
    expect(kept).not.toBeNull();
    expect(cachedScript(root, 'w')).toEqual(kept);
    expect(cachedScript(root, 'other')).toBeNull();
    // The same size, another time: stale.
    const later = new Date(Date.now() - 30_000);
    utimesSync(b, later, later);
    expect(cachedScript(root, 'w')).toBeNull();
    // Kept again, then a source grows: stale.
    keepScript(root, 'w', 'console.log(2)', [a, b], Date.now());
    expect(cachedScript(root, 'w')).not.toBeNull();
    writeFileSync(a, 'export const a = 10;');
    utimesSync(a, later, later);
    expect(cachedScript(root, 'w')).toBeNull();
  });

  it('does not keep a script whose source changed after its build began', () => {
    const c = join(root, 'c.ts');
    const since = Date.now() - 5_000;
    writeFileSync(c, 'export const c = 3;'); // modified now, after `since`
    expect(keepScript(root, 'late', 'x', [c], since)).toBeNull();
    expect(cachedScript(root, 'late')).toBeNull();
  });
});
