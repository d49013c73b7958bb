/**
 * The build cache of the parse worker's script: a kept script is found again while its sources'
 * bytes and the salt are unchanged, and not once a source's bytes (whatever its time) or the salt
 * change; a script whose source was modified as its build ran is not kept.
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedScript, keepScript } from './bundleCache.mjs';

const root = mkdtempSync(join(tmpdir(), 'fitbench-bundle-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A source written with a modification time `agoMs` in the past. */
function source(name: string, text: string, agoMs = 60_000): string {
  const path = join(root, name);
  writeFileSync(path, text);
  const t = new Date(Date.now() - agoMs);
  utimesSync(path, t, t);
  return path;
}

describe('bundleCache', () => {
  it('finds a kept script while its sources and salt are unchanged, and not after', () => {
    const a = source('a.ts', 'export const a = 1;');
    const b = source('b.ts', 'export const b = 2;');
    expect(cachedScript(root, 'w', 'v1')).toBeNull();
    expect(keepScript(root, 'w', 'console.log(1)', [a, b], 'v1', Date.now())).toBe(true);
    expect(cachedScript(root, 'w', 'v1')).toBe('console.log(1)');
    expect(cachedScript(root, 'w', 'v2')).toBeNull(); // another bundler version
    expect(cachedScript(root, 'other', 'v1')).toBeNull();
    // The same size and an older time, other bytes: stale.
    source('b.ts', 'export const b = 3;', 120_000);
    expect(cachedScript(root, 'w', 'v1')).toBeNull();
    // Written back as it was: valid again (the bytes decide, not the time).
    source('b.ts', 'export const b = 2;', 10_000);
    expect(cachedScript(root, 'w', 'v1')).toBe('console.log(1)');
  });

  it('does not keep a script whose source was modified as its build ran', () => {
    const c = source('c.ts', 'export const c = 3;', 0); // modified now, after the build began
    expect(keepScript(root, 'late', 'x', [c], 'v1', Date.now() - 5_000)).toBe(false);
    expect(cachedScript(root, 'late', 'v1')).toBeNull();
  });
});
