/**
 * An unknown loss is refused everywhere, with a message that names it and the losses (issue 14,
 * item 4): curveFit (dense and normal paths, generated and interpreted kernels), the worker's fit
 * (a restored session's settings reach it as they were saved), a link, a saved session, the Python
 * export. Before: "l1" fitted nothing and reported convergence at the start values with cost 0, and a
 * crafted name ran its own code in the worker.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { compileModel } from '../model/index';
import { setCodegen } from '../model/kernels';
import { decodeSpec } from '../share/decode';
import { specToJson } from '../share/index';
import { decaySpec, rawLink } from '../share/testSpecs.test';
import { specToWire } from '../share/wire';
import { writeJson } from '../share/jsonText';
import { pythonScript } from '../export/python/script';
import type { LossName } from '../solver/loss';
import { readSessionSpec } from '../state/sessions/lenientSpec';
import { DEFAULT_SETTINGS } from '../state/slices/settings';
import { loadColumns } from '../worker/load';
import { runFit } from '../worker/fit';
import { curveFit } from './curveFit';

const NAMES = ['l1', 'linear(){};globalThis.pwned=1;function x', 'x(){ globalThis.pwned = 1 }; return function y', 'constructor'];
const g = globalThis as { pwned?: unknown };
afterEach(() => {
  delete g.pwned;
  setCodegen(null);
});

const compiled = compileModel('a*exp(-x/b) + c', { columns: ['x'] });
if (!compiled.ok) throw new Error(compiled.error.message);
const model = compiled.value;
const x = Float64Array.from({ length: 40 }, (_, i) => i / 4);
const y = x.map((v) => 3 * Math.exp(-v / 2) + 0.5);

describe('curveFit with an unknown loss', () => {
  for (const name of NAMES) {
    for (const method of ['dense', 'normal'] as const) {
      for (const codegen of [true, false]) {
        it(`refuses ${JSON.stringify(name)} (${method}, ${codegen ? 'generated' : 'interpreted'} kernels)`, async () => {
          setCodegen(codegen);
          const run = curveFit({
            model,
            data: { vars: [x], y, sigma: null },
            parameters: [{ name: 'a', value: 1 }, { name: 'b', value: 1 }, { name: 'c', value: 0 }],
            options: { loss: name as LossName, method },
          });
          await expect(run).rejects.toMatchObject({ code: 'loss', message: expect.stringMatching(/^Unknown loss ".*": choose one of linear, soft_l1, huber, cauchy, arctan\.$/) });
          expect(g.pwned).toBeUndefined();
        });
      }
    }
  }
});

describe('the worker fit with a restored session’s crafted loss', () => {
  for (const name of NAMES) {
    it(`answers ${JSON.stringify(name)} with a settings status, running nothing`, async () => {
      loadColumns({ x: [...x], y: [...y] }, 'exact.csv');
      const params = ['a', 'b', 'c'].map((n, i) => ({ name: n, value: [1, 1, 0][i], min: -Infinity, max: Infinity, fixed: false }));
      const r = await runFit({
        model: 'a*exp(-x/b) + c',
        mapping: { x: ['x'], y: 'y', sigma: null },
        parameters: params,
        settings: { ...DEFAULT_SETTINGS, loss: name as LossName },
        plotVar: 0,
        logX: false,
        buckets: 200,
      });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe('loss');
      expect(r.error.field).toBe('settings');
      expect(r.error.message).toMatch(/Unknown loss/);
      expect(g.pwned).toBeUndefined();
    });
  }
});

describe('links, sessions and exports with an unknown loss', () => {
  const forged = (settings: Record<string, unknown>) => {
    const wire = JSON.parse(writeJson(specToWire(decaySpec()))) as Record<string, unknown>;
    wire.settings = { ...(wire.settings as object), ...settings };
    return wire;
  };

  it('a link with loss "l1" is refused, naming the field', () => {
    const r = decodeSpec(rawLink(JSON.stringify(forged({ loss: 'l1' }))));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/settings\.loss/);
  });

  it('a saved session with loss "l1" (or a crafted method/backend) does not bring them back', () => {
    for (const bad of [{ loss: 'l1' }, { loss: NAMES[1] }, { method: 'auto\nimport os' }, { backend: 'gpu\nimport os' }]) {
      const text = specToJson({ ...decaySpec(), settings: { ...DEFAULT_SETTINGS, loss: 'huber', ...bad } as never });
      const back = readSessionSpec(text);
      expect(back).not.toBeNull();
      const key = Object.keys(bad)[0] as keyof typeof DEFAULT_SETTINGS;
      expect(back?.settings[key]).toBe(DEFAULT_SETTINGS[key]);
      if (key !== 'loss') expect(back?.settings.loss).toBe('huber');
    }
  });

  it('the Python export refuses a method or backend that is not one of its words', () => {
    const options = { csvFileName: 'decay.csv', delimiter: ',', decimalComma: false, header: true } as const;
    expect(pythonScript(decaySpec(), options)).toContain('# Fitbench also had method=auto, backend=auto');
    for (const settings of [{ method: 'auto\nimport os' }, { backend: 'cpu\nimport os' }]) {
      expect(() => pythonScript(decaySpec({ settings: { ...DEFAULT_SETTINGS, ...settings } as never }), options)).toThrow(/method must be one of/);
    }
  });
});
