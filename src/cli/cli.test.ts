import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';

const { file, dir } = tempFiles('fitbench-cli');

// y = 3·exp(−x/2) + 0.5 exactly, on 12 points.
const xs = Array.from({ length: 12 }, (_, i) => i * 0.5);
const exact = file('exact.csv', 'x,y\n' + xs.map((x) => `${x},${3 * Math.exp(-x / 2) + 0.5}`).join('\n') + '\n');

const run = cliRunner();

describe('fitbench fit', () => {
  it('--json prints one object with the contract fields', async () => {
    const r = await run('fit', exact, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1,c=0', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    for (const key of ['success', 'status', 'message', 'params', 'stderr', 'pcov', 'cost', 'rss', 'chi2', 'redchi2', 'r2', 'nfev', 'njev', 'nit', 'backend', 'timing']) {
      expect(j).toHaveProperty(key);
    }
    expect(j.params.a).toBeCloseTo(3, 10);
    expect(j.params.tau).toBeCloseTo(2, 10);
    expect(j.params.c).toBeCloseTo(0.5, 10);
    expect(j.cost).toBeCloseTo(j.chi2 / 2, 20);
    expect(j.backend).toBe('cpu');
    expect(j.timing.parseMs).toBeGreaterThan(0);
    expect(j.pcov).toHaveLength(3);
  });

  it('bounds, fixed parameters and a loss are honoured', async () => {
    const r = await run('fit', exact, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1', '--fix', 'c=0.4', '--bounds', 'tau=0:1.5', '--loss', 'soft_l1', '--json');
    const j = JSON.parse(r.out);
    expect(j.params.c).toBe(0.4);
    expect(j.fixed).toEqual(['c']);
    expect(j.params.tau).toBeLessThanOrEqual(1.5);
    expect(j.free).toEqual(['a', 'tau']);
  });

  it('--p0 is optional: missing starts are found automatically, and the JSON says autoStart', async () => {
    // y = 2.5·exp(−0.02x)·cos(2x): from a=1, k=0, w=6 a single TRF start stops in a wrong minimum.
    const t = Array.from({ length: 300 }, (_, i) => (10 * i) / 299);
    const wave = file('wave.csv', 'x,y\n' + t.map((x) => `${x},${2.5 * Math.exp(-0.02 * x) * Math.cos(2 * x)}`).join('\n') + '\n');
    const single = JSON.parse((await run('fit', wave, '--model', 'a*exp(-k*x)*cos(w*x)', '--p0', 'a=1,k=0,w=6', '--json')).out);
    expect(single.autoStart).toBeNull();
    expect(Math.abs(single.params.w - 2)).toBeGreaterThan(0.1);
    const none = await run('fit', wave, '--model', 'a*exp(-k*x)*cos(w*x)', '--json');
    expect(none.code).toBe(0);
    const j = JSON.parse(none.out);
    expect(Math.abs(j.params.w)).toBeCloseTo(2, 8); // cos is even: ±w is the same curve
    expect(j.params.a).toBeCloseTo(2.5, 8);
    expect(j.autoStart.candidates).toBe(256);
    expect(j.autoStart.refined).toBeGreaterThanOrEqual(1);
    expect(j.autoStart.sameMinimum).toBeGreaterThanOrEqual(1);
    expect(j.autoStart.linear).toEqual(['a']);
    const given = JSON.parse((await run('fit', wave, '--model', 'a*exp(-k*x)*cos(w*x)', '--p0', 'w=6', '--starts', '64', '--json')).out);
    expect(Math.abs(given.params.w)).toBeCloseTo(2, 8);
    expect(given.autoStart.evaluated).toBe(64);
    expect(j.autoStart.seed).toBe(0);
    // Another seed: other candidates, the same minimum; a seed that is not a whole number is refused.
    const seeded = JSON.parse((await run('fit', wave, '--model', 'a*exp(-k*x)*cos(w*x)', '--seed', '7', '--json')).out);
    expect(seeded.autoStart.seed).toBe(7);
    expect(Math.abs(seeded.params.w)).toBeCloseTo(2, 8);
    expect(seeded.autoStart.start).not.toEqual(j.autoStart.start);
    const badSeed = await run('fit', wave, '--model', 'a*exp(-k*x)*cos(w*x)', '--seed', '1.5');
    expect(badSeed.code).toBe(2);
    expect(badSeed.err).toMatch(/--seed must be a whole number/);
    const tiny = await run('fit', file('tiny.csv', 'x,y\n1,2\n2,3\n'), '--model', 'a*exp(-k*x) + c');
    expect(tiny.code).toBe(2);
    expect(tiny.err).toMatch(/2 usable rows for 3 free parameters/);
    const text = await run('fit', wave, '--model', 'a*exp(-k*x)*cos(w*x)', '--starts', '32');
    expect(text.out).toMatch(/auto start: \d+ candidates, \d+ refined, \d+ reached this minimum/);
  });

  it('the readable report lists parameters with errors and intervals', async () => {
    const r = await run('fit', exact, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1,c=0');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Converged/);
    expect(r.out).toMatch(/^\s+tau\s+2\.0000/m);
    expect(r.out).toMatch(/95% interval/);
  });

  const bad: [string, string[], RegExp][] = [
    ['missing file', ['fit', join(dir, 'nope.csv'), '--model', 'a*x'], /nope\.csv: no such file/],
    ['unknown y column', ['fit', exact, '--model', 'a*x', '--y', 'z', '--p0', 'a=1'], /column "z"/i],
    ['model parse error', ['fit', exact, '--model', 'a*sn(x)'], /--model: Unknown function "sn" at 1:3; did you mean "sin"\?/],
    ['model without columns', ['fit', exact, '--model', 'a*t'], /uses none of the columns .*\(x, y\)/],
    ['bad --starts', ['fit', exact, '--model', 'a*x', '--starts', '0'], /--starts must be a whole number of candidates/],
    ['unknown parameter', ['fit', exact, '--model', 'a*x', '--p0', 'a=1,q=2'], /--p0: the model has no parameter "q"/],
    ['bad number', ['fit', exact, '--model', 'a*x', '--p0', 'a=one'], /--p0 a: "one" is not a number/],
    ['bad loss', ['fit', exact, '--model', 'a*x', '--p0', 'a=1', '--loss', 'l2'], /--loss must be one of/],
    ['loss l1 (not a loss of scipy)', ['fit', exact, '--model', 'a*x', '--p0', 'a=1', '--loss', 'l1'], /--loss must be one of linear, soft_l1, huber, cauchy, arctan; got "l1"/],
    ['unknown option', ['fit', exact, '--model', 'a*x', '--frobnicate'], /Unknown option '--frobnicate'/],
    ['no model', ['fit', exact], /Give the model with --model/],
  ];
  for (const [name, argv, message] of bad) {
    it(`bad input: ${name} → exit 2 with one line`, async () => {
      const r = await run(...argv);
      expect(r.code).toBe(2);
      expect(r.err.split('\n')).toHaveLength(1);
      expect(r.err).toMatch(message);
    });
  }

  it('non-numeric cells name the file, line and column', async () => {
    const path = file('bad.csv', 'x,y\n# a comment\n1,2\n2,abc\n3,4\n');
    const r = await run('fit', path, '--model', 'a*x', '--p0', 'a=1');
    expect(r.code).toBe(2);
    expect(r.err).toBe(`fitbench: ${path}:4: column "y": "abc" is not a number; fix or remove the row, or leave it out with --exclude-rows 4.`);
  });

  it('fewer rows than parameters is an error', async () => {
    const path = file('short.csv', 'x,y\n1,2\n2,3\n');
    const r = await run('fit', path, '--model', 'a*x^2 + b*x + c', '--p0', 'a=1,b=1,c=1');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/2 usable rows for 3 free parameters/);
  });

  it('an empty file and a directory are errors', async () => {
    expect((await run('fit', file('empty.csv', ''), '--model', 'a*x', '--p0', 'a=1')).err).toMatch(/empty/i);
    expect((await run('fit', dir, '--model', 'a*x', '--p0', 'a=1')).err).toMatch(/is a directory/);
  });
});

describe('the fitbench bin', () => {
  it('runs through bin/fitbench.mjs with exit codes', async () => {
    const { spawnSync } = await import('node:child_process');
    const bin = new URL('../../bin/fitbench.mjs', import.meta.url).pathname;
    const ok = spawnSync(process.execPath, [bin, 'fit', exact, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1,c=0', '--json'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).params.tau).toBeCloseTo(2, 9);
    const bad = spawnSync(process.execPath, [bin, 'fit', exact, '--model', 'a*'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('fitbench fit --backend gpu', () => {
  const run = async (env: NodeJS.ProcessEnv) => {
    const { spawnSync } = await import('node:child_process');
    const bin = new URL('../../bin/fitbench.mjs', import.meta.url).pathname;
    const args = [bin, 'fit', exact, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1,c=0', '--backend', 'gpu', '--json'];
    return spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, ...env } });
  };

  it('falls back to the CPU with a message where no adapter is found', async () => {
    const r = await run({ VK_ICD_FILENAMES: '/nonexistent/icd.json' });
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.backend).toBe('cpu');
    expect(j.warnings.join(' ')).toMatch(/--backend gpu: .*CPU/);
    expect(j.params.tau).toBeCloseTo(2, 9);
  });

  const icd = '/usr/lib/chromium/vk_swiftshader_icd.json';
  it('runs the main phase on a WebGPU adapter through Dawn when one is present (SwiftShader here)', async (ctx) => {
    const { existsSync } = await import('node:fs');
    if (!existsSync(icd)) ctx.skip();
    const r = await run({ VK_ICD_FILENAMES: icd, LD_LIBRARY_PATH: '/usr/lib/chromium' });
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.backend).toBe('gpu+cpu');
    expect(j.phases[0]).toMatchObject({ role: 'fit', backend: 'gpu' });
    expect(j.params.tau).toBeCloseTo(2, 9);
  });
});

describe('fitbench fit --ci', () => {
  const reference = JSON.parse(readFileSync(new URL('../../fixtures/profile/reference.json', import.meta.url), 'utf8'));
  const puromycin = fileURLToPath(new URL('../../fixtures/groups/puromycin.csv', import.meta.url));
  const args = ['fit', puromycin, '--model', 'Vm*conc/(K+conc)', '--y', 'rate', '--where', 'state=treated', '--p0', 'Vm=200,K=0.05', '--json'];

  it('profile: R\'s MASS::confint ends in ci, ciMethod "profile"', async () => {
    const r = await run(...args, '--ci', 'profile');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.ciMethod).toBe('profile');
    const ref = reference.puromycin;
    ref.names.forEach((name: string, i: number) => {
      const width = ref.confintUpper[i] - ref.confintLower[i];
      expect(Math.abs(j.ci[name][0] - ref.confintLower[i]) / width).toBeLessThan(2e-3);
      expect(Math.abs(j.ci[name][1] - ref.confintUpper[i]) / width).toBeLessThan(2e-3);
      // The profile curve: sorted by value, τ = 0 at the estimate, rising through ±t at the ends.
      const pts: [number, number][] = j.profiles[name];
      expect(pts.map((q) => q[0])).toEqual([...pts.map((q) => q[0])].sort((a, b) => a - b));
      expect(pts.find((q) => q[0] === j.params[name])![1]).toBe(0);
      expect(pts[0][1]).toBeLessThan(-2.2);
      expect(pts[pts.length - 1][1]).toBeGreaterThan(2.2);
    });
  });

  it('tvalue, pvalue, syx, aicR, bicR, aicc: R\'s summary.nls, sigma, AIC and BIC on the same fit', async () => {
    const j = JSON.parse((await run(...args)).out);
    const ref = reference.puromycin;
    const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
    ref.names.forEach((name: string, i: number) => {
      expect(rel(j.tvalue[name], ref.tvalue[i])).toBeLessThan(1e-5);
      expect(rel(j.pvalue[name], ref.pvalue[i])).toBeLessThan(1e-4);
    });
    expect(rel(j.syx, ref.sigma[0])).toBeLessThan(1e-8);
    expect(rel(j.aicR, ref.AIC[0])).toBeLessThan(1e-9);
    expect(rel(j.bicR, ref.BIC[0])).toBeLessThan(1e-9);
    expect(j.aicc).toBeCloseTo(ref.AIC[0] + (2 * 3 * 4) / (12 - 3 - 1), 8);
    expect(j.aic).toBeCloseTo(59.216, 3); // lmfit's convention, kept
  });

  it('diagnostics: runs, normality, durbinWatson, replicates as scipy/statsmodels compute them', async () => {
    const j = JSON.parse((await run(...args)).out);
    const diag = JSON.parse(readFileSync(new URL('../../fixtures/diagnostics/reference.json', import.meta.url), 'utf8')).puromycin;
    expect(j.diagnostics.runs.runs).toBe(diag.runs.runs);
    expect(j.diagnostics.runs.p).toBeCloseTo(diag.runs.p, 8);
    expect(j.diagnostics.normality.k2).toBeCloseTo(diag.normality.k2, 6);
    expect(j.diagnostics.durbinWatson).toBeCloseTo(diag.durbinWatson, 8);
    expect(j.diagnostics.replicates.F).toBeCloseTo(diag.replicates.F, 6);
    expect(j.diagnostics.replicates.dfPureError).toBe(6);
  });

  it('--weights 1/y: R\'s nls with weights 1/rate, stated in the JSON; works with --ci profile', async () => {
    const r = await run(...args, '--weights', '1/y', '--ci', 'profile');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    const ref = reference.puromycin_weighted;
    expect(Math.abs(j.params.Vm - ref.estimate[0]) / ref.stderr[0]).toBeLessThan(1e-5);
    expect(Math.abs(j.stderr.K - ref.stderr[1]) / ref.stderr[1]).toBeLessThan(1e-5);
    expect(Math.abs(j.aicR - ref.AIC[0])).toBeLessThan(1e-8);
    expect(j.weighting).toMatch(/1\/\|y\|/);
    expect(j.ci.Vm[0]).toBeLessThan(j.params.Vm);
    expect(j.ci.Vm[1]).toBeGreaterThan(j.params.Vm);
    expect((await run(...args, '--weights', 'inverse')).err).toMatch(/--weights must be one of sigma, 1\/y, 1\/y2, relative, poisson/);
  });

  it('the default stays Wald (symmetric ± t·se) and says so', async () => {
    const j = JSON.parse((await run(...args)).out);
    expect(j.ciMethod).toBe('wald');
    for (const name of ['Vm', 'K']) expect(j.ci[name][1] - j.params[name]).toBeCloseTo(j.params[name] - j.ci[name][0], 10);
  });

  it('an unknown --ci or a robust loss with --ci profile is refused with the fix', async () => {
    expect((await run(...args, '--ci', 'jackknife')).err).toMatch(/--ci must be one of wald, profile, bootstrap/);
    const r = await run(...args, '--ci', 'profile', '--loss', 'huber');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--ci profile needs the least-squares loss/);
  });
});
