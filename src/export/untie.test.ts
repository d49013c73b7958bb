/**
 * A spec's ties in the exports (issue 10): a single fit's command passes --tie and leaves the tied
 * row out of --p0/--bounds/--fix (which the CLI refuses for it), and the CLI reads the command
 * back with the same tie; a group fit's command and script fit the model with the tie written in
 * (the CLI takes --tie on one fit only); the Python script's tied expression is printed from the
 * syntax tree, so text in it never becomes Python.
 */
import { describe, expect, it } from 'vitest';
import { parseFitArgs } from '../cli/args';
import { DEFAULT_SETTINGS } from '../share/testSpecs.test';
import type { FitSpec, ParameterRow } from '../share/types';
import { CLI_PROGRAM, cliWords } from './cliCommand';
import { pythonScript } from './python/script';
import { untieSpec } from './untie';

const row = (name: string, value: number, patch: Partial<ParameterRow> = {}): ParameterRow => ({ name, value, min: -Infinity, max: Infinity, fixed: false, ...patch });

const spec: FitSpec = {
  version: 1,
  model: 'Vm*conc/(K + conc) + c',
  libraryId: null,
  columns: { x: ['conc'], y: 'rate', sigma: null },
  parameters: [row('Vm', 200), row('K', 0.1, { min: 0, max: 1 }), row('c', 5, { min: -10, max: 10, fixed: true })],
  settings: DEFAULT_SETTINGS,
  data: null,
  ties: [{ name: 'c', expression: '-K*Vm/4' }],
};

describe('ties in the exports', () => {
  it('single fit: --tie, and the tied row in none of --p0, --bounds, --fix; the CLI reads it back', () => {
    const words = cliWords(spec, { csvFileName: 'p.csv' });
    expect(words.slice(words.indexOf('--model'), words.indexOf('--model') + 2)).toEqual(['--model', 'Vm*conc/(K + conc) + c']);
    expect(words[words.indexOf('--tie') + 1]).toBe('c=-K*Vm/4');
    expect(words[words.indexOf('--p0') + 1]).toBe('Vm=200,K=0.1');
    expect(words[words.indexOf('--bounds') + 1]).toBe('K=0:1');
    expect(words).not.toContain('--fix');
    const parsed = parseFitArgs(words.slice(CLI_PROGRAM.length + 1));
    if (parsed === 'help') throw new Error('help');
    expect(parsed.ties).toEqual([{ name: 'c', expression: '-K*Vm/4' }]);
  });

  it('group fits: the model with the tie written in, no --tie, the tied parameter not shared', () => {
    const grouped: FitSpec = { ...spec, groups: { column: 'state', mode: 'global', shared: ['K'] } };
    const words = cliWords(grouped, { csvFileName: 'p.csv' });
    expect(words).not.toContain('--tie');
    expect(words[words.indexOf('--model') + 1]).toBe('Vm*conc/(K + conc) + (-K*Vm/4)');
    expect(words[words.indexOf('--shared') + 1]).toBe('K');
    const parsed = parseFitArgs(words.slice(CLI_PROGRAM.length + 1));
    if (parsed === 'help') throw new Error('help');
    expect(parsed.ties).toEqual([]);
    const script = pythonScript(grouped, { csvFileName: 'p.csv', delimiter: ',', decimalComma: false, header: true });
    expect(script).toContain('MODEL = "Vm*conc/(K + conc) + (-K*Vm/4)"');
    expect(script).toContain('NAMES = ["Vm", "K"]');
  });

  it('the script computes the tied value from the tree; a tie that cannot be applied is refused', () => {
    const script = pythonScript(spec, { csvFileName: 'p.csv', delimiter: ',', decimalComma: false, header: true });
    expect(script).toContain('TIES = [("c", "-K*Vm/4")]');
    expect(script).toMatch(/return \{"c": -values\["K"\]\*values\["Vm"\]\/4\.0\}/);
    expect(script).toContain('MODEL = "Vm*conc/(K + conc) + (-K*Vm/4)"');
    const bad = { ...spec, ties: [{ name: 'c', expression: '-K*Vm/4 # """\nimport os' }] };
    expect(() => pythonScript(bad, { csvFileName: 'p.csv', delimiter: ',', decimalComma: false, header: true })).toThrow(RangeError);
    expect(() => untieSpec({ ...spec, ties: [{ name: 'c', expression: 'q' }] })).toThrow(/"q" is not a parameter of the model/);
  });
});
