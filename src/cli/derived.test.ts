/**
 * `--derive` and `--tie` in the CLI: Puromycin (treated) with Vm/K derived, against R's nls with
 * the delta method (fixtures/derived); a tie that makes the model the one written by hand gives
 * that fit; the JSON's `derived` and the readable report; bad specifications are refused.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';

const r = JSON.parse(readFileSync(new URL('../../fixtures/derived/derived.json', import.meta.url), 'utf8'));
const { file } = tempFiles('fitbench-derived');
const run = cliRunner();
const csv = file('puromycin-treated.csv', 'conc,rate\n' + r.conc.map((c: number, i: number) => `${c},${r.rate[i]}`).join('\n') + '\n');
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('--derive and --tie', () => {
  it('derive Vm/K with the delta-method error R gives, in the JSON and the report', async () => {
    const j = JSON.parse((await run('fit', csv, '--model', 'Vm*conc/(K + conc)', '--p0', 'Vm=200,K=0.1', '--derive', 'ratio=Vm/K', '--json')).out);
    expect(rel(j.derived.ratio.value, r.ratio)).toBeLessThan(1e-5);
    expect(rel(j.derived.ratio.stderr, r.se_ratio)).toBeLessThan(1e-4);
    expect(j.derived.ratio.tied).toBe(false);
    expect(j.derived.ratio.ci[1] - j.derived.ratio.value).toBeCloseTo(r.t * j.derived.ratio.stderr, 8);
    const plain = JSON.parse((await run('fit', csv, '--model', 'Vm*conc/(K + conc)', '--p0', 'Vm=200,K=0.1', '--json')).out);
    expect(plain.derived).toEqual({});
    const text = await run('fit', csv, '--model', 'Vm*conc/(K + conc)', '--p0', 'Vm=200,K=0.1', '--derive', 'ratio=Vm/K');
    expect(text.out).toMatch(/derived \(delta method\):\n\s+ratio = 331\d\.\d+ ± 35\d\.?\d*\s+\(Vm\/K\)/);
  });

  it('a tie fits the model written with it, and reports the tied parameter with its error', async () => {
    const tied = JSON.parse((await run('fit', csv, '--model', 'Vm*conc/(K + conc) + c', '--p0', 'Vm=200,K=0.1', '--tie', 'c=-Vm/20', '--json')).out);
    const byHand = JSON.parse((await run('fit', csv, '--model', 'Vm*conc/(K + conc) + (-Vm/20)', '--p0', 'Vm=200,K=0.1', '--json')).out);
    expect(tied.params).toEqual(byHand.params);
    expect(tied.derived.c.tied).toBe(true);
    expect(tied.derived.c.value).toBe(-tied.params.Vm / 20);
    expect(rel(tied.derived.c.stderr, tied.stderr.Vm / 20)).toBeLessThan(1e-12);
  });

  it("the report's model section states the tie beside the model as typed", async () => {
    const html = file('tied-report.html', '');
    await run('fit', csv, '--model', 'Vm*conc/(K + conc) + c', '--p0', 'Vm=200,K=0.1', '--tie', 'c=-Vm/20', '--report', html);
    const model = /<section><h2>Model<\/h2>(.*?)<\/section>/s.exec(readFileSync(html, 'utf8'))![1];
    expect(model).toContain('<code>rate = Vm*conc/(K + conc) + c</code>');
    expect(model).toContain('<li data-tie="c"><code>c = -Vm/20</code>, tied: not fitted</li>');
    // Without a tie the section has no list.
    await run('fit', csv, '--model', 'Vm*conc/(K + conc)', '--p0', 'Vm=200,K=0.1', '--report', html);
    expect(readFileSync(html, 'utf8')).not.toContain('class="ties"');
  });

  it('refuses what it cannot use, before fitting', async () => {
    const model = ['--model', 'Vm*conc/(K + conc)', '--p0', 'Vm=200,K=0.1'];
    expect((await run('fit', csv, ...model, '--derive', 'ratio')).err).toMatch(/--derive takes NAME=EXPRESSION/);
    expect((await run('fit', csv, ...model, '--derive', 'r=Vm/Km')).err).toMatch(/uses "Km", which is not a parameter/);
    expect((await run('fit', csv, ...model, '--tie', 'K=Vm/1000')).err).toMatch(/--p0: "K" is tied \(--tie K=Vm\/1000\)/);
    expect((await run('fit', csv, ...model, '--tie', 'Q=Vm')).err).toMatch(/the model has no parameter "Q"/);
    expect((await run('fit', csv, ...model, '--derive', 'a=Vm', '--derive', 'a=K')).err).toMatch(/"a" is named twice/);
  });
});
