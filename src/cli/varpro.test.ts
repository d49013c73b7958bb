/**
 * fitbench fit --varpro (issue 11) on NIST MGH17, the bi-exponential b1 + b2·exp(−x·b4) +
 * b3·exp(−x·b5), from rates b4 = b5 = 1 with no start for the amplitudes and the offset: the
 * JSON's `varpro` says what was eliminated and what the reduced fit cost, and the values reach
 * NIST's certified ones; without --varpro the field is null. Conflicting options are refused.
 */
import { describe, expect, it } from 'vitest';
import { loadNist, lre } from '../../test/nist';
import { cliRunner, tempFiles } from '../../test/cli';

const { file } = tempFiles('fitbench-varpro');
const mgh17 = loadNist().find((p) => p.name === 'MGH17')!;
const csv = file('mgh17.csv', 'x,y\n' + Array.from(mgh17.columns.x.hi, (x, i) => `${x},${mgh17.y.hi[i]}`).join('\n') + '\n');
const run = cliRunner();

describe('fitbench fit --varpro', () => {
  it('fits MGH17 from b4 = b5 = 1 without starts for the linear parameters', async () => {
    const r = await run('fit', csv, '--model', mgh17.model, '--p0', 'b4=1,b5=1', '--varpro', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.varpro.linear).toEqual(['b1', 'b2', 'b3']);
    expect(j.varpro.nonlinear).toEqual(['b4', 'b5']);
    expect(j.varpro.nfev).toBeGreaterThan(1);
    expect(j.autoStart).toBeNull();
    mgh17.params.forEach((name, i) => expect(lre(j.params[name], mgh17.certified.values[i]), name).toBeGreaterThanOrEqual(6));
    mgh17.params.forEach((name, i) => expect(lre(j.stderr[name], mgh17.certified.std_errors[i]), name).toBeGreaterThanOrEqual(4));
    const text = await run('fit', csv, '--model', mgh17.model, '--p0', 'b4=1,b5=1', '--varpro');
    expect(text.out).toMatch(/varpro: b4, b5 fitted with b1, b2, b3 eliminated \(\d+ it, \d+ evaluations/);
  });

  it('without --varpro the field is null, and the plain fit from all ones ends elsewhere', async () => {
    const r = await run('fit', csv, '--model', mgh17.model, '--p0', 'b1=1,b2=1,b3=1,b4=1,b5=1', '--json');
    const j = JSON.parse(r.out);
    expect(j.varpro).toBeNull();
    expect(Math.min(...mgh17.params.map((name, i) => lre(j.params[name], mgh17.certified.values[i])))).toBeLessThan(2);
  });

  it('refuses what it cannot combine with, and a missing nonlinear start', async () => {
    const loss = await run('fit', csv, '--model', mgh17.model, '--p0', 'b4=1,b5=1', '--varpro', '--loss', 'huber');
    expect(loss.code).toBe(2);
    expect(loss.err).toMatch(/--varpro does not combine with --loss huber/);
    const starts = await run('fit', csv, '--model', mgh17.model, '--varpro', '--starts', '64');
    expect(starts.code).toBe(2);
    expect(starts.err).toMatch(/--varpro does not combine with --starts/);
    const missing = await run('fit', csv, '--model', mgh17.model, '--p0', 'b4=1', '--varpro');
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/give b5 \(the linear ones, b1, b2, b3, are solved and need none\)/);
  });
});
