/**
 * The CLI's row options (--where, --exclude-rows) end to end on a single fit, against R's nls on
 * the same rows of Puromycin (fixtures/groups/nls_puromycin.json, made by make_groups.R), and the
 * grouped loading (--group, --wide) that hands GroupInputs to the engine.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GroupInput } from '../fit/groupInput';
import { parseFitArgs } from './args';
import { loadGroupedProblem } from './load';
import { cliRunner } from '../../test/cli';

const path = (name: string) => fileURLToPath(new URL(`../../fixtures/groups/${name}`, import.meta.url));
const puromycin = path('puromycin.csv');
const nls = JSON.parse(readFileSync(path('nls_puromycin.json'), 'utf8')) as Record<string, { Vm: number; K: number; rss: number; n: number }>;
const MM = ['--model', 'Vm*conc/(K+conc)', '--p0', 'Vm=200,K=0.1'];

const run = cliRunner();

describe('--where and --exclude-rows on a single fit, against R nls on the same rows', () => {
  const cases: [string, string[], number, number][] = [
    ['treated', ['--where', 'state=treated'], 11, 0],
    ['treated_without_line_2', ['--where', 'state=treated', '--exclude-rows', '2'], 11, 1],
    ['untreated_without_lines_14_16', ['--where', 'state!=treated', '--where', 'conc>0', '--exclude-rows', '14-16'], 12, 3],
  ];
  for (const [name, options, filtered, excluded] of cases) {
    it(`${name}: ${options.join(' ')}`, async () => {
      const r = await run('fit', puromycin, ...MM, ...options, '--json');
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const j = JSON.parse(r.out);
      const want = nls[name]!;
      expect(j.n).toBe(want.n);
      expect(j.params.Vm).toBeCloseTo(want.Vm, 4); // nls stops at a relative offset of 1e-7
      expect(j.params.K / want.K - 1).toBeLessThan(1e-6);
      expect(Math.abs(j.rss / want.rss - 1)).toBeLessThan(1e-9);
      expect(j.filteredRows).toBe(filtered);
      expect(j.excludedRows).toBe(excluded);
    });
  }

  it('y defaults to the last numeric column, not the text column', async () => {
    const r = await run('fit', puromycin, ...MM, '--where', 'state=treated', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).n).toBe(12);
  });

  it('the report says how many rows were left out', async () => {
    const r = await run('fit', puromycin, ...MM, '--where', 'state=treated', '--exclude-rows', '2');
    expect(r.out).toMatch(/^fitbench: .*puromycin\.csv, 11 rows \(11 filtered out, 1 excluded\), y = rate$/m);
  });

  const bad: [string, string[], RegExp][] = [
    ['unknown column', ['--where', 'State=treated'], /^fitbench: --where: .*puromycin\.csv: Filter "State=treated": Unknown column "State"; did you mean "state"\?/],
    ['a typo in a value', ['--where', 'state=treatd'], /has no cell "treatd"; did you mean "treated"\?/],
    ['< on text', ['--where', 'state<2'], /column "state" holds text \("treated", "untreated"\); < compares numbers, use = or !=/],
    ['no operator', ['--where', 'state'], /^fitbench: --where: Filter "state" has no comparison; write COL=VALUE/],
    ['the header line', ['--exclude-rows', '1'], /^fitbench: --exclude-rows: .*puromycin\.csv:1: Line 1 is the header, not a data row \(data rows are on lines 2–24\)/],
    ['a bad list', ['--exclude-rows', '3;4'], /^fitbench: --exclude-rows: "3;4" is not a line number or range/],
    ['past the end', ['--exclude-rows', '30'], /Line 30 is past the last data row/],
    ['filters that leave nothing', ['--where', 'conc>5'], /No usable rows: the filters and exclusions leave none of the 23 rows/],
  ];
  for (const [name, options, message] of bad) {
    it(`bad input: ${name} → exit 2 with one line`, async () => {
      const r = await run('fit', puromycin, ...MM, ...options);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.split('\n')).toHaveLength(1);
    });
  }
});

describe('grouped loading (--group, --wide)', () => {
  it('--group state gives one GroupInput per state, with filters and exclusions counted per group', () => {
    const command = parseFitArgs(['fit', puromycin, ...MM, '--group', 'state', '--exclude-rows', '2,14', '--where', 'conc<1'].slice(1));
    if (command === 'help') throw new Error('help');
    const loaded = loadGroupedProblem(command);
    const groups: readonly GroupInput[] = loaded.split.groups;
    expect(groups.map((g) => [g.key, g.data.y.length])).toEqual([['treated', 9], ['untreated', 9]]);
    expect(loaded.split.groups.map((g) => [g.excludedCount, g.filteredCount])).toEqual([[1, 2], [1, 1]]) // untreated has one conc of 1.1, treated two;
    expect(loaded.by).toBe('column');
    expect(loaded.model.variables).toEqual(['conc']);
  });

  it('--group on a numeric run column keys groups by the run as written', () => {
    const command = parseFitArgs([path('dnase.csv'), '--model', 'Asym/(1+exp((xmid-log(conc))/scal))', '--y', 'density', '--group', 'Run']);
    if (command === 'help') throw new Error('help');
    const { split } = loadGroupedProblem(command);
    expect(split.groups.map((g) => g.key)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
  });

  it('--wide makes every other numeric column a group, keyed by its header text; an NA drops from its column only', () => {
    const command = parseFitArgs([path('dnase_wide.csv'), '--model', 'Asym/(1+exp((xmid-log(conc))/scal))', '--wide']);
    if (command === 'help') throw new Error('help');
    const { split, by } = loadGroupedProblem(command);
    expect(by).toBe('wide');
    expect(split.groups).toHaveLength(11);
    expect(split.groups[2]).toMatchObject({ key: 'Run 3', data: { rows: 15, droppedCount: 1 } });
    const listed = parseFitArgs([path('dnase_wide.csv'), '--model', 'a*conc', '--wide', '--y', 'Run 1, Run_2']);
    if (listed === 'help') throw new Error('help');
    expect(loadGroupedProblem(listed).split.groups.map((g) => g.key)).toEqual(['Run 1', 'Run 2']);
  });

  it('option errors name the option and the fix', () => {
    expect(() => parseFitArgs([puromycin, ...MM, '--group', 'state', '--wide'])).toThrow(/--group and --wide cannot be combined/);
    expect(() => parseFitArgs([puromycin, ...MM, '--group', ' '])).toThrow(/--group needs a column name/);
    const unknown = parseFitArgs([puromycin, ...MM, '--group', 'State']);
    if (unknown === 'help') throw new Error('help');
    expect(() => loadGroupedProblem(unknown)).toThrow(/^--group: .*puromycin\.csv: Unknown column "State"; did you mean "state"\?/);
    const emptied = parseFitArgs([puromycin, ...MM, '--group', 'state', '--where', 'conc>5']);
    if (emptied === 'help') throw new Error('help');
    expect(() => loadGroupedProblem(emptied)).toThrow(/no groups: the --where filters leave no row with a group \(23 rows filtered out\)/);
  });
});
