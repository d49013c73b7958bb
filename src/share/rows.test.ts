/**
 * FitSpec.rows (issue 9): row filters and excluded lines in links, added so that older links still
 * open. OLD_LINK was made by the encoder before `rows` existed (commit 2233ae9, src/share/encode.ts)
 * and is kept verbatim here.
 */
import { describe, expect, it } from 'vitest';
import { decodeSpec, encodeSpec, specFromJson, specToJson } from './index';
import type { FitSpec } from './types';

const OLD_LINK =
  '#fit=v1.eNp1UctugzAQ_JVqT324FNOGNPxBFSmXSL1EOTiOSa0YO8IGESH-vWNoGy692Lv27szsbE-tqr12lgrOqHJHZaigz-pROitf7td3T3cxeiBGRh9qUV8_jlTYxhhG0pmmsp6KnjoqdsitpD2jKxBqERR6vD5VYqofGF1ELSoVQIjyniySkQyFrTANkoxnSf4OIRqCJpZKAHwKS90psJfCeDWwP4D1rT9N0vwtDhL70_-bodKrELQ9jfKN87gxoVWiBlq5lcIADkhlcHCEq2eo6mbxaRaDZVOq9pepu3Vj2i8HVhJNcAA-CHlWdvYgDh4uBrWdjPoZjY4iIOvprMdibaO0KEwbtZmmvjS1q65S20T6Fl-zbYyLKHYwI2PRERyc48hiusgZTzgMGFdU7JY5Wy0Zz14ZX6wYX3GWpcv9MAzf7w6m2A';

describe('FitSpec.rows', () => {
  it('a link made before rows existed still opens, with every row', () => {
    const decoded = decodeSpec(OLD_LINK);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.spec.rows).toBeUndefined();
    expect(decoded.spec.columns).toEqual({ x: ['conc'], y: 'rate', sigma: null });
    expect(decoded.spec.data?.kind).toBe('inline');
    // A spec without rows encodes exactly as before: the same link.
    expect(encodeSpec(decoded.spec)).toBe(OLD_LINK);
  });

  it('filters and excluded lines round-trip; empty rows are not written', () => {
    const decoded = decodeSpec(OLD_LINK);
    if (!decoded.ok) throw new Error('old link');
    const spec: FitSpec = { ...decoded.spec, rows: { where: ['conc>0.05', 'Time (s)<5'], exclude: [2, 17] } };
    const back = decodeSpec(encodeSpec(spec));
    expect(back.ok && back.spec.rows).toEqual({ where: ['conc>0.05', 'Time (s)<5'], exclude: [2, 17] });
    expect(encodeSpec({ ...decoded.spec, rows: { where: [], exclude: [] } })).toBe(OLD_LINK);
    expect(specToJson({ ...decoded.spec, rows: { where: [], exclude: [] } })).not.toContain('rows');
  });

  it('bad rows are refused with the field named', () => {
    const decoded = decodeSpec(OLD_LINK);
    if (!decoded.ok) throw new Error('old link');
    const json = JSON.parse(specToJson(decoded.spec)) as Record<string, unknown>;
    const bad = (rows: unknown) => specFromJson(JSON.stringify({ ...json, rows }));
    const r1 = bad({ where: ['a=1'], exclude: [0] });
    expect(!r1.ok && r1.error.message).toMatch(/rows\.exclude\[0\] must be a file line number/);
    const r2 = bad({ where: [''], exclude: [] });
    expect(!r2.ok && r2.error.message).toMatch(/rows\.where\[0\] must not be empty/);
    const r3 = bad({ where: [], exclude: [], group: 'x' });
    expect(!r3.ok && r3.error.message).toMatch(/rows\.group is not a field/);
    const r4 = bad({ where: [] });
    expect(!r4.ok && r4.error.message).toMatch(/rows\.exclude is missing/);
  });
});
