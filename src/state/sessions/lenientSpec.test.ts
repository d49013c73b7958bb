import { describe, expect, it } from 'vitest';
import { specToJson } from '../../share/index';
import { SPEC_VERSION, type FitSpec } from '../../share/types';
import { DEFAULT_SETTINGS } from '../slices/settings';
import { readSessionSpec } from './lenientSpec';

const spec: FitSpec = {
  version: SPEC_VERSION,
  model: 'A*exp(-t/tau) + c',
  libraryId: 'exp-decay',
  columns: { x: ['t'], y: 'counts', sigma: 'sigma' },
  parameters: [
    { name: 'A', value: 1000, min: 0, max: Infinity, fixed: false },
    { name: 'tau', value: 4, min: -Infinity, max: Infinity, fixed: false },
    { name: 'c', value: 30, min: -Infinity, max: Infinity, fixed: true },
  ],
  settings: { ...DEFAULT_SETTINGS, loss: 'soft_l1', maxNfev: 500 },
  data: null,
};

describe('a saved session spec', () => {
  it('reads a valid spec exactly', () => {
    expect(readSessionSpec(specToJson(spec))).toEqual(spec);
  });

  it('keeps a page saved mid-edit that a link would refuse', () => {
    const editing: FitSpec = { ...spec, model: 'A*exp(-t/', parameters: [{ ...spec.parameters[0], value: -5 }], columns: { x: ['t', 'u'], y: 'counts', sigma: null } };
    const back = readSessionSpec(specToJson(editing));
    expect(back?.model).toBe('A*exp(-t/');
    expect(back?.columns).toEqual({ x: ['t', 'u'], y: 'counts', sigma: null });
    expect(back?.parameters).toEqual([{ name: 'A', value: -5, min: 0, max: Infinity, fixed: false }]);
    expect(back?.settings.loss).toBe('soft_l1');
    expect(back?.settings.maxNfev).toBe(500);
  });

  it('refuses what is not a spec', () => {
    expect(readSessionSpec('not json')).toBeNull();
    expect(readSessionSpec('{"version": 2}')).toBeNull();
    expect(readSessionSpec('[]')).toBeNull();
  });
});
