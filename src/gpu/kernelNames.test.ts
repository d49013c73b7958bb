/** WGSL kernels refuse a loss name that is not one of LOSS_NAMES (issue 14, item 4). */
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model/index';
import { LOSS_NAMES, type LossName } from '../solver/loss';
import { costSource, linearizeSource } from './kernelSources';
import { linearizeUpdate } from './rowUpdate';

const r = compileModel('a*exp(-x/b) + c', { columns: ['x'] });
if (!r.ok) throw new Error(r.error.message);
const tape = r.value.tape();

describe('WGSL loss names', () => {
  for (const name of ['linear(){};globalThis.pwned=1;function x', 'l1(r, c2); } fn evil() { let q = 0', 'l1', 'constructor']) {
    it(`refuses ${JSON.stringify(name)}`, () => {
      for (const weighted of [false, true]) {
        const o = { workgroupSize: 64, weighted };
        for (const run of [() => linearizeSource(tape, name as LossName, o), () => costSource(tape, name as LossName, o), () => linearizeUpdate(tape, name as LossName, weighted)]) {
          expect(run).toThrow(/Unknown loss/);
        }
      }
    });
  }

  it('emits every known loss', () => {
    for (const loss of LOSS_NAMES.filter((l) => l !== 'linear')) {
      expect(costSource(tape, loss, { workgroupSize: 64, weighted: false }).source).toContain(`fb_loss_${loss}(r, c2)`);
    }
  });
});
