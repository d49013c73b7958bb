/**
 * `fitbench fit --report FILE.html`: the printable report is written from the same fit as the
 * JSON, and every number it shows (parameters, errors, t, p, intervals, statistics) is the JSON's,
 * read back from the page's data- attributes and checked against the displayed text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';

const { file, dir } = tempFiles('fitbench-report');
const run = cliRunner();

const puromycin = readFileSync(new URL('../../fixtures/groups/puromycin.csv', import.meta.url), 'utf8');
const data = file('puromycin.csv', puromycin);
const args = ['fit', data, '--model', 'Vm*conc/(K+conc)', '--where', 'state=treated', '--p0', 'Vm=200,K=0.05'];

/** The attributes of every element matching `selector`-like tag and attribute, as records. */
function elements(html: string, tag: string, has: string): Record<string, string>[] {
  const re = new RegExp(`<${tag}\\b([^>]*\\b${has}="[^"]*"[^>]*)>([^<]*)`, 'g');
  return [...html.matchAll(re)].map((m) => ({ ...Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])), text: m[2] }));
}

/** The parameter rows: name → the cells' data-value in column order, and the interval cells. */
function parameterRows(html: string) {
  const rows = [...html.matchAll(/<tr data-param="([^"]+)">(.*?)<\/tr>/g)];
  return Object.fromEntries(
    rows.map(([, name, body]) => [name, { values: elements(body, 'td', 'data-value').map((c) => c['data-value']), intervals: elements(body, 'td', 'data-method') }]),
  );
}

/** "1.57×10⁻⁵" → 1.57e-5; "−3.2" → -3.2. */
function readNumber(text: string): number {
  const sup = '⁰¹²³⁴⁵⁶⁷⁸⁹';
  const t = text.replace(/−/g, '-').replace(/%$/, '');
  const m = /^(-?[\d.]+)×10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/.exec(t);
  if (!m) return Number(t);
  const e = Number([...m[2]].map((c) => (c === '⁻' ? '-' : String(sup.indexOf(c)))).join(''));
  return Number(m[1]) * 10 ** e;
}

describe('fitbench fit --report', () => {
  it('writes a standalone HTML report whose numbers are the JSON results (Wald)', async () => {
    const path = join(dir, 'wald.html');
    const r = await run(...args, '--json', '--report', path);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    const html = readFileSync(path, 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|src="http/); // nothing to run or fetch
    expect(html).toContain('Vm*conc/(K+conc)');
    expect(html).toMatch(/data-rows="12"/);
    const rows = parameterRows(html);
    expect(Object.keys(rows)).toEqual(['Vm', 'K']);
    for (const name of ['Vm', 'K']) {
      const [value, se, pct, t, p] = rows[name].values.map(Number);
      expect(value).toBe(j.params[name]);
      expect(se).toBe(j.stderr[name]);
      expect(pct).toBe(j.percentError[name]);
      expect(t).toBe(j.tvalue[name]);
      expect(p).toBe(j.pvalue[name]);
      const wald = rows[name].intervals.find((c) => c['data-method'] === 'wald')!;
      expect([Number(wald['data-lower']), Number(wald['data-upper'])]).toEqual(j.ci[name]);
      // The text shown rounds the same numbers (6 significant digits).
      const [lo, hi] = wald.text.slice(1, -1).split(', ').map(readNumber);
      expect(Math.abs(lo - j.ci[name][0])).toBeLessThanOrEqual(5e-6 * Math.abs(j.ci[name][0]));
      expect(Math.abs(hi - j.ci[name][1])).toBeLessThanOrEqual(5e-6 * Math.abs(j.ci[name][1]));
    }
    const stats = Object.fromEntries([...html.matchAll(/<tr data-stat="(\w+)"><th[^>]*>[^<]*<\/th><td class="num" data-value="([^"]*)">([^<]*)</g)].map((m) => [m[1], { value: Number(m[2]), text: m[3] }]));
    for (const key of ['chi2', 'redchi2', 'r2', 'adj_r2', 'syx', 'rmse', 'aic', 'bic', 'aicR', 'bicR', 'aicc', 'logLik', 'dof']) {
      expect(stats[key].value, key).toBe(j[key]);
      expect(Math.abs(readNumber(stats[key].text) - j[key]), key).toBeLessThanOrEqual(5e-6 * Math.abs(j[key]));
    }
    expect(stats.n.value).toBe(j.n);
    // Diagnostics in words, with the JSON's p values.
    expect(html).toContain(`runs test p = ${Number(j.diagnostics.runs.p.toPrecision(2))}`);
    expect(html).toContain(`Durbin–Watson d = ${Number(j.diagnostics.durbinWatson.toPrecision(3))}`);
    // Figures: the fit, the residuals, the Q-Q plot and the histogram.
    expect(html.match(/<svg /g)).toHaveLength(4);
  });

  it('with --ci profile: the profile intervals beside the Wald ones, and one profile plot per parameter', async () => {
    const path = join(dir, 'profile.html');
    const r = await run(...args, '--ci', 'profile', '--json', '--report', path);
    const j = JSON.parse(r.out);
    expect(j.ciMethod).toBe('profile');
    const html = readFileSync(path, 'utf8');
    expect(html).toContain('data-ci-method="profile"');
    const rows = parameterRows(html);
    for (const name of ['Vm', 'K']) {
      const prof = rows[name].intervals.find((c) => c['data-method'] === 'profile')!;
      expect([Number(prof['data-lower']), Number(prof['data-upper'])]).toEqual(j.ci[name]);
    }
    expect(html).toContain('95% profile interval');
    expect(html.match(/<svg /g)).toHaveLength(6);
    expect(html).toContain('Profile of Vm');
  });

  it('refuses a name that is not .html and --group, saying what to do', async () => {
    const bad = await run(...args, '--report', join(dir, 'r.pdf'));
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/ending in \.html/);
    const grouped = await run('fit', data, '--model', 'Vm*conc/(K+conc)', '--group', 'state', '--report', join(dir, 'g.html'));
    expect(grouped.code).toBe(2);
    expect(grouped.err).toMatch(/--report .* --group or --wide/);
  });

  it('a folder that does not exist is a clear error', async () => {
    const r = await run(...args, '--report', join(dir, 'missing', 'r.html'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/could not write .*ENOENT/);
  });
});
