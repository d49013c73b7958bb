/**
 * `fitbench fit --sigma-x … --report FILE.html` (issue 24): the report of an errors-in-x fit shows
 * β with ODRPACK's sd_beta, the weighted sum of squares split into its δ and ε parts and res_var
 * (against scipy.odr, fixtures/odr/make_fits.py: β and sums to 1e-6, sd_beta to 1e-3), and the
 * data with x and y error bars; an implicit model's report is refused with why.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';

const run = cliRunner();
const { dir } = tempFiles('fitbench-odr-report');
const fits = JSON.parse(readFileSync('fixtures/odr/fits.json', 'utf8')).fits as { name: string; beta: number[]; sd_beta: number[]; sum_square: number; sum_square_delta: number; sum_square_eps: number; res_var: number }[];
const york = fits.find((f) => f.name === 'pearson-york')!;
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
const value = (html: string, re: RegExp) => Number(html.match(re)?.[1]);

describe('--report with errors in x', () => {
  it("York's line: β, sd_beta, the δ/ε split and res_var as ODRPACK gives them; x and y error bars", async () => {
    const path = join(dir, 'york.html');
    const r = await run('fit', 'fixtures/odr/york.csv', '--model', 'a + b*x', '--y', 'y', '--sigma', 'sy', '--sigma-x', 'sx', '--report', path);
    expect(r.code).toBe(0);
    const html = readFileSync(path, 'utf8');
    const section = html.match(/<section><h2>Errors in both variables<\/h2>.*?<\/section>/s)?.[0] ?? '';
    expect(section).toContain('σ(x) = sx, σ(y) = sy');
    ['a', 'b'].forEach((name, i) => {
      const row = section.match(new RegExp(`<tr data-param="${name}">.*?</tr>`))?.[0] ?? '';
      expect(rel(value(row, /data-value="([^"]+)"/), york.beta[i])).toBeLessThan(1e-6);
      expect(rel(value(row, /data-sd-beta="([^"]+)"/), york.sd_beta[i])).toBeLessThan(1e-3);
      // The parameter table's standard error is sd_beta too.
      const param = html.match(new RegExp(`<table class="params"[^>]*>.*?<tr data-param="${name}">(.*?)</tr>`, 's'))?.[1] ?? '';
      expect(rel(Number([...param.matchAll(/data-value="([^"]+)"/g)][1][1]), york.sd_beta[i])).toBeLessThan(1e-3);
    });
    for (const key of ['sum_square_delta', 'sum_square_eps', 'sum_square', 'res_var'] as const) {
      expect(rel(value(section, new RegExp(`data-odr="${key}">.*?data-value="([^"]+)"`)), york[key])).toBeLessThan(1e-6);
    }
    // One horizontal (σx) and one vertical (σy) bar per point, each ± one σ wide.
    const bars = html.match(/<path class="errorbars" data-count="(\d+)" d="([^"]*)"/)!;
    expect(Number(bars[1])).toBe(10);
    expect(bars[2].match(/H/g)).toHaveLength(10);
    expect(bars[2].match(/V/g)).toHaveLength(10);
  });

  it('refuses an implicit model’s report, saying why', async () => {
    const r = await run('fit', 'fixtures/odr/circle.csv', '--model', '(px-a)^2 + (py-b)^2 = R^2', '--sigma-x', 's', '--p0', 'a=0.8,b=-0.3,R=1.8', '--report', join(dir, 'circle.html'));
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/--report does not run with an implicit model yet/);
  });
});
