/**
 * --groups KEY,…: fit only some groups. Checked against R's nls on Puromycin
 * (fixtures/groupfits/nls_groups.json) and on files written here with keys that need escaping.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';
import { escapeKey } from '../export/cliCommand';
import { parseFitArgs, parseKeyList } from './args';

const FIX = join(import.meta.dirname, '../../fixtures');
const PUROMYCIN = join(FIX, 'groups/puromycin.csv');
const DNASE = join(FIX, 'groups/dnase.csv');
const R = JSON.parse(readFileSync(join(FIX, 'groupfits/nls_groups.json'), 'utf8'));
const MM = ['--model', 'Vm*conc/(K + conc)', '--y', 'rate', '--p0', 'Vm=200,K=0.1'];
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

const run = cliRunner();
const { file } = tempFiles('fitbench-pick');

describe('parseKeyList', () => {
  it('splits on commas, trims blanks, reads \\, and \\\\ as a comma and a backslash, merges repeats', () => {
    expect(parseKeyList(['treated, untreated'])).toEqual(['treated', 'untreated']);
    expect(parseKeyList(['a\\,b,c\\\\d', 'e'])).toEqual(['a,b', 'c\\d', 'e']);
    expect(parseKeyList(['x,,y,'])).toEqual(['x', 'y']);
  });

  it('round-trips any key through escapeKey', () => {
    const keys = ['plain', 'a,b', 'back\\slash', ',lead', 'trail\\', 'Run 3', 'ü,€'];
    expect(parseKeyList([keys.map(escapeKey).join(',')])).toEqual(keys);
  });

  it('refuses a key given twice, an empty list and a lone trailing backslash', () => {
    expect(() => parseKeyList(['a,b,a'])).toThrow(/--groups: the group "a" is given twice/);
    expect(() => parseKeyList([' , '])).toThrow(/--groups needs group keys/);
    expect(() => parseKeyList(['a\\'])).toThrow(/lone backslash/);
  });

  it('needs --group or --wide', () => {
    expect(() => parseFitArgs(['p.csv', '--model', 'a*x', '--groups', 'a'])).toThrow(/--groups applies to grouped fits: add --group COL/);
    const cmd = parseFitArgs(['p.csv', '--model', 'a*x', '--group', 'g', '--groups', 'a\\,b', '--groups', 'c']);
    expect(cmd !== 'help' && cmd.groups).toEqual(['a,b', 'c']);
  });
});

describe('fitbench fit --group COL --groups KEYS', () => {
  it('fits only the named group, with R\'s RSS, in per-group and global mode', async () => {
    const each = JSON.parse((await run('fit', PUROMYCIN, ...MM, '--group', 'state', '--groups', 'untreated', '--json')).out);
    expect(each.groups.map((g: { group: string }) => g.group)).toEqual(['untreated']);
    expect(rel(2 * each.groups[0].cost, R.puromycin.perGroup[1].rss)).toBeLessThan(1e-6);
    // Both groups named in reverse order: the file's order, and the same global fit as without --groups.
    const all = JSON.parse((await run('fit', PUROMYCIN, ...MM, '--group', 'state', '--shared', 'K', '--json')).out);
    const both = JSON.parse((await run('fit', PUROMYCIN, ...MM, '--group', 'state', '--shared', 'K', '--groups', 'untreated,treated', '--json')).out);
    expect(both.groups.map((g: { group: string }) => g.group)).toEqual(['treated', 'untreated']);
    expect(both.cost).toBe(all.cost);
    expect(rel(2 * both.cost, R.puromycin.globalSharedK.rss)).toBeLessThan(1e-6);
  });

  it('names an unknown key, with the closest one and the list', async () => {
    const r = await run('fit', PUROMYCIN, ...MM, '--group', 'state', '--groups', 'treated,untreatd');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--groups: column "state" has no group "untreatd"; did you mean "untreated"\? \(the groups are treated, untreated;/);
  });

  it('finds a numeric key by value, and warns about a group the filters empty', async () => {
    const r = await run('fit', DNASE, '--model', 'Asym/(1 + exp((xmid - log(conc))/scal))', '--y', 'density', '--p0', 'Asym=2,xmid=1.5,scal=1', '--group', 'Run', '--groups', '3.0,7', '--where', 'Run!=7', '--json');
    const j = JSON.parse(r.out);
    expect(j.groups.map((g: { group: string }) => g.group)).toEqual(['3']);
    expect(j.warnings).toContain('The group "7" has no row that the --where filters keep, so it was not fitted.');
  });

  it('keys with commas and backslashes, escaped as the export writes them', async () => {
    const keys = ['a,b', 'c\\d', 'e'];
    const lines = ['x,y,g'];
    for (const [k, key] of keys.entries()) for (let i = 1; i <= 4; i++) lines.push(`${i},${(k + 1) * 2 * i + 0.01 * (i % 2)},"${key}"`);
    const csv = file('commas.csv', `${lines.join('\n')}\n`);
    const r = await run('fit', csv, '--model', 'a*x', '--p0', 'a=1', '--group', 'g', '--groups', [keys[0], keys[1]].map(escapeKey).join(','), '--json');
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.groups.map((g: { group: string }) => g.group)).toEqual(['a,b', 'c\\d']);
    expect(j.groups[1].params.a).toBeCloseTo(4, 2);
  });
});
