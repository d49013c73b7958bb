/**
 * The report's assay section (issue 26): the CLI's --report on the ELISA plate with --interpolate,
 * --predict and ROUT writes each unknown's x̂ and interval as the JSON has them (fixtures/assay/
 * elisa_cli.json, the page's numbers too), the status in words, the predictions and the outlier.
 */
import { readFileSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../../test/cli';
import { assaySection } from './assaySection';

const cli = JSON.parse(readFileSync(new URL('../../../fixtures/assay/elisa_cli.json', import.meta.url), 'utf8'));
const run = cliRunner();

describe('the report’s assay section', () => {
  it('carries the unknowns, their statuses, the predictions and ROUT’s outlier', async () => {
    const temp = tempFiles('fitbench-assay-report');
    const out = temp.file('report.html', '');
    const args = cli.command.slice(1).filter((a: string, i: number, all: string[]) => a !== '--json' && !['--ci', 'bootstrap', '--bootstrap', '200', '--seed', '7'].includes(a) || all[i - 1] === '--model');
    const r = await run(...args, '--report', out);
    expect(r.err).toBe('');
    const html = readFileSync(out, 'utf8');
    rmSync(temp.dir, { recursive: true, force: true });
    for (const u of cli.interpolated) {
      const row = html.match(new RegExp(`<tr data-row="${u.row}" data-status="${u.status}">(.*?)</tr>`))?.[1] ?? '';
      const values = [...row.matchAll(/data-value="([^"]*)"/g)].map((m) => (m[1] === '' ? null : Number(m[1])));
      expect(values).toEqual([u.y, u.x, u.lower, u.upper]);
    }
    expect(html).toContain('<strong>above range</strong>: y is above what the curve reaches');
    expect(html).toContain('left out line 13; the fit above is least squares without it.');
    expect(html.match(/<table class="assay-predicted">.*?<\/table>/)?.[0]).toContain(`data-value="${cli.predicted[1].y}"`);
  });

  it('is empty without assay results', () => {
    expect(assaySection(null, { x: 'conc', y: 'od' })).toBe('');
    expect(assaySection({ interpolated: null, predicted: null, outliers: null }, { x: 'conc', y: 'od' })).toBe('');
  });
});
