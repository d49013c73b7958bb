/**
 * The exported CLI command carries row filters and excluded points (issue 9): run through the real
 * CLI (bin/fitbench.mjs) on R's Puromycin, it fits the same rows as R's nls
 * (fixtures/groups/nls_puromycin.json, made by fixtures/groups/make_groups.R).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFitArgs } from '../cli/args';
import { DEFAULT_SETTINGS } from '../share/testSpecs.test';
import type { FitSpec } from '../share/types';
import { cliWords, lineList } from './cliCommand';

const fixtures = new URL('../../fixtures/groups/', import.meta.url);
const csv = new URL('puromycin.csv', fixtures).pathname;
const nls = JSON.parse(readFileSync(new URL('nls_puromycin.json', fixtures), 'utf8')) as Record<string, { Vm: number; K: number; rss: number; n: number }>;
const bin = new URL('../../bin/fitbench.mjs', import.meta.url).pathname;

const spec = (rows: FitSpec['rows']): FitSpec => ({
  version: 1,
  model: 'Vm*conc/(K + conc)',
  libraryId: null,
  columns: { x: ['conc'], y: 'rate', sigma: null },
  parameters: [
    { name: 'Vm', value: 200, min: -Infinity, max: Infinity, fixed: false },
    { name: 'K', value: 0.1, min: -Infinity, max: Infinity, fixed: false },
  ],
  settings: DEFAULT_SETTINGS,
  data: null,
  ...(rows ? { rows } : {}),
});

describe('CLI command with rows', () => {
  it('writes excluded lines as ranges', () => {
    expect(lineList([16, 2, 14, 15, 3, 20])).toBe('2-3,14-16,20');
    expect(lineList([])).toBe('');
  });

  it('passes --where and --exclude-rows, which the CLI parses back', () => {
    const words = cliWords(spec({ where: ['state=untreated', 'conc>-1'], exclude: [14, 15, 16] }), { csvFileName: 'p.csv' });
    expect(words).toContain('--exclude-rows');
    expect(words).toContain('conc>-1');
    const cmd = parseFitArgs(words.slice(3));
    if (cmd === 'help') throw new Error('help');
    expect(cmd.where.map((w) => w.text)).toEqual(['state=untreated', 'conc>-1']);
    expect(cmd.excludeRows).toEqual([{ from: 14, to: 16 }]);
    expect(cliWords(spec(undefined), { csvFileName: 'p.csv' }).some((w) => w.startsWith('--where') || w === '--exclude-rows')).toBe(false);
  });

  for (const [name, rows] of [
    ['treated_without_line_2', { where: ['state=treated'], exclude: [2] }],
    ['untreated_without_lines_14_16', { where: ['state=untreated'], exclude: [14, 15, 16] }],
  ] as const) {
    it(`the command run by the CLI fits the rows R fitted: ${name}`, () => {
      const words = cliWords(spec(rows), { csvFileName: csv });
      const out = spawnSync(process.execPath, [bin, ...words.slice(2), '--json'], { encoding: 'utf8' });
      expect(out.status, out.stderr).toBe(0);
      const json = JSON.parse(out.stdout) as { params: Record<string, number>; rss: number };
      const ref = nls[name];
      const value = (n: string) => new Map(Object.entries(json.params)).get(n) ?? NaN;
      expect(Math.abs(value('Vm') - ref.Vm) / ref.Vm).toBeLessThan(1e-6);
      expect(Math.abs(value('K') - ref.K) / ref.K).toBeLessThan(1e-5);
      expect(Math.abs(json.rss - ref.rss) / ref.rss).toBeLessThan(1e-6);
    });
  }
});
