/**
 * FitSpec.derived (issue 10): the derived quantities typed in the results travel in links and
 * sessions; a spec without them gives the same link as before they existed; bad entries are
 * refused with the field named, never thrown; `__proto__` is a name like any other.
 */
import { describe, expect, it } from 'vitest';
import { decodeSpec, encodeSpec, specFromJson, specToJson } from './index';
import { PUROMYCIN_SPEC } from './testSpecs.test';
import type { FitSpec } from './types';

const BASE: FitSpec = PUROMYCIN_SPEC;

describe('FitSpec.derived', () => {
  it('round-trips through links and session JSON, and is left out when empty', () => {
    const spec: FitSpec = { ...BASE, derived: [{ name: 'ratio', expression: 'Vm/K' }, { name: '__proto__', expression: 'ln(2)/K' }] };
    const back = decodeSpec(encodeSpec(spec));
    if (!back.ok) throw new Error(back.error.message);
    expect(back.spec.derived).toEqual(spec.derived);
    const session = specFromJson(specToJson(spec));
    if (!session.ok) throw new Error(session.error.message);
    expect(session.spec.derived).toEqual(spec.derived);
    expect(encodeSpec({ ...BASE, derived: [] })).toBe(encodeSpec(BASE));
    expect(JSON.parse(specToJson(BASE))).not.toHaveProperty('derived');
  });

  it('refuses bad entries, naming the field', () => {
    const refused = (derived: unknown) => {
      const r = specFromJson(JSON.stringify({ ...JSON.parse(specToJson(BASE)), derived }));
      return r.ok ? null : r.error.message;
    };
    expect(refused([{ name: 'a', expression: 'K' }, { name: 'a', expression: 'Vm' }])).toMatch(/derived\[1\]\.name.*given twice/);
    expect(refused([{ name: '2x', expression: 'K' }])).toMatch(/derived\[0\]\.name/);
    expect(refused([{ name: 'a', expression: '' }])).toMatch(/derived\[0\]\.expression/);
    expect(refused([{ name: 'a', expression: 'K', extra: 1 }])).toMatch(/derived\[0\]/);
    expect(refused('a=K')).toMatch(/derived/);
  });
});
