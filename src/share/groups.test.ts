/**
 * FitSpec.groups (issue 9): the group column, the mode, the shared parameters and the picked
 * groups in links, with each inline row's group key beside the numbers; added so that older links
 * open unchanged (OLD_LINK in rows.test.ts was made before groups existed). Bad groups are refused
 * with the field named, never thrown; a key or name `__proto__` is just a name.
 */
import { describe, expect, it } from 'vitest';
import { decodeSpec, encodeSpec, planLink, specFromJson, specToJson } from './index';
import { PUROMYCIN_SPEC } from './testSpecs.test';
import type { FitSpec } from './types';

const BASE: FitSpec = PUROMYCIN_SPEC;

const CONC = [0.02, 0.02, 0.06, 0.02, 0.06];
const RATE = [76, 47, 97, 67, 84];
const STATE = ['treated', 'treated', 'treated', 'untreated', '__proto__'];

describe('FitSpec.groups', () => {
  it('round-trips the column, mode, shared marks, pick and the inline group keys', () => {
    const spec: FitSpec = { ...BASE, groups: { column: 'state', mode: 'global', shared: ['K'], pick: ['treated', '__proto__', 'a "quoted", key'] } };
    const plan = planLink(spec, [CONC, RATE], { inlineGroupKeys: STATE });
    expect(plan.dataIncluded).toBe(true);
    const back = decodeSpec(plan.fragment);
    if (!back.ok) throw new Error(back.error.message);
    expect(back.spec.groups).toEqual(spec.groups);
    expect(back.spec.data).toEqual({ kind: 'inline', fileName: null, columns: { conc: CONC, rate: RATE }, groupKeys: STATE });
    // One spec, one link.
    expect(encodeSpec(back.spec)).toBe(plan.fragment);
    // Each mode without a pick: no pick field.
    const each = decodeSpec(encodeSpec({ ...BASE, groups: { column: 'state', mode: 'each', shared: [] } }));
    expect(each.ok && each.spec.groups).toEqual({ column: 'state', mode: 'each', shared: [] });
  });

  it('a spec without groups has no groups field and no group keys', () => {
    expect(specToJson(BASE)).not.toContain('groups');
    const plan = planLink(BASE, [CONC, RATE], { inlineGroupKeys: STATE });
    const back = decodeSpec(plan.fragment);
    expect(back.ok && back.spec.data).toEqual({ kind: 'inline', fileName: null, columns: { conc: CONC, rate: RATE } });
    expect(back.ok && back.spec.groups).toBeUndefined();
  });

  it('bad groups are refused with the field named and what is wrong', () => {
    const json = JSON.parse(specToJson({ ...BASE, groups: { column: 'state', mode: 'global', shared: ['K'] } })) as Record<string, unknown>;
    const bad = (patch: Record<string, unknown>) => {
      const r = specFromJson(JSON.stringify({ ...json, ...patch }));
      expect(r.ok).toBe(false);
      return r.ok ? '' : r.error.message;
    };
    expect(bad({ groups: { column: 'state', mode: 'global', shared: ['Km'] } })).toMatch(/groups\.shared\[0\] names "Km", which is not a parameter of the model \(its parameters are "Vm", "K"\)/);
    expect(bad({ groups: { column: 'state', mode: 'global', shared: ['__proto__'] } })).toMatch(/groups\.shared\[0\] names "__proto__", which is not a parameter/);
    expect(bad({ groups: { column: 'state', mode: 'global', shared: ['K', 'K'] } })).toMatch(/groups\.shared names "K" more than once/);
    expect(bad({ groups: { column: 'state', mode: 'both', shared: [] } })).toMatch(/groups\.mode must be one of each, global/);
    expect(bad({ groups: { column: 'my state', mode: 'each', shared: [] } })).toMatch(/groups\.column must be a name/);
    expect(bad({ groups: { column: 'state', mode: 'each', shared: [], pick: [1] } })).toMatch(/groups\.pick\[0\] must be text/);
    expect(bad({ groups: { column: 'state', mode: 'each' } })).toMatch(/groups\.shared is missing/);
    expect(bad({ groups: { column: 'state', mode: 'each', shared: [], extra: 1 } })).toMatch(/groups\.extra is not a field/);
    const fixed = { ...json, parameters: (json.parameters as Record<string, unknown>[]).map((p) => (p.name === 'K' ? { ...p, fixed: true } : p)) };
    const r = specFromJson(JSON.stringify(fixed));
    expect(!r.ok && r.error.message).toMatch(/groups\.shared\[0\] names "K", which is fixed/);
    // Inline keys: one per row, text, and only with groups.
    const inline = { kind: 'inline', fileName: null, columns: { conc: CONC, rate: RATE } };
    expect(bad({ data: { ...inline, groupKeys: ['a'] } })).toMatch(/data\.groupKeys must have 5 keys, one per row/);
    expect(bad({ data: { ...inline, groupKeys: [1, 2, 3, 4, 5] } })).toMatch(/data\.groupKeys\[0\] must be text/);
    expect(bad({ data: { ...inline, groupKeys: ['a', 'b\nc', 'd', 'e', 'f'] } })).toMatch(/data\.groupKeys\[1\] must not contain control characters/);
    const { groups: _g, ...noGroups } = json;
    const r2 = specFromJson(JSON.stringify({ ...noGroups, data: { ...inline, groupKeys: STATE } }));
    expect(!r2.ok && r2.error.message).toMatch(/data\.groupKeys is not a field/);
  });

  it('a parameter and a group column named __proto__ are names', () => {
    const spec: FitSpec = {
      ...BASE,
      model: '__proto__*conc/(K + conc)',
      parameters: [{ ...BASE.parameters[0], name: '__proto__' }, BASE.parameters[1]],
      groups: { column: '__proto__', mode: 'global', shared: ['__proto__'], pick: ['__proto__'] },
    };
    const back = decodeSpec(planLink(spec, [CONC, RATE], { inlineGroupKeys: STATE }).fragment);
    if (!back.ok) throw new Error(back.error.message);
    expect(back.spec.groups).toEqual(spec.groups);
    expect(back.spec.data?.kind === 'inline' && back.spec.data.groupKeys).toEqual(STATE);
    expect(Object.getPrototypeOf(back.spec.groups)).toBe(Object.prototype);
  });
});
