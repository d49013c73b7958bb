import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFitArgs } from '../cli/args';
import { decaySpec, DEFAULT_SETTINGS } from '../share/testSpecs.test';
import type { FitSpec } from '../share/types';
import { cliCommand, cliWords } from './cliCommand';
import { shellQuote } from './shellQuote';

/**
 * A test-only POSIX shell word splitter: blanks separate words; '…' is literal; "…" is literal
 * except \" \\ \$ \` and \newline; a backslash outside quotes escapes the next character.
 * No expansions: it refuses any bare character a shell would act on ($, `, ;, *, …).
 */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === ' ' || c === '\t' || c === '\n') {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated single quote');
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      word = word ?? '';
      for (i++; line[i] !== '"'; i++) {
        if (i >= line.length) throw new Error('unterminated double quote');
        if (line[i] === '\\' && '"\\$`\n'.includes(line[i + 1])) i++;
        word += line[i];
      }
    } else if (c === '\\') {
      word = (word ?? '') + line[++i];
    } else {
      // cliCommand must never leave a character bare that a shell would act on
      if ('$`;&|<>(){}*?[]!#~"'.includes(c)) throw new Error(`unquoted special character ${c}`);
      word = (word ?? '') + c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** What /bin/sh itself makes of the line (printf each argument NUL-terminated). */
function realShellWords(line: string): string[] {
  const out = execFileSync('sh', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

describe('shellQuote', () => {
  it('survives spaces, quotes, $, backticks, backslashes and newlines, in our splitter and in sh', () => {
    const hard = ["a*exp(-x/tau) + c", "it's", `say "hi"`, '$HOME `id` $(id) \\n', "a\nb", '', '=x', '~', "'", "''", '-x'];
    for (const w of hard) {
      expect(shellWords(shellQuote(w))).toEqual([w]);
      expect(realShellWords(shellQuote(w))).toEqual([w]);
    }
  });

  it('round-trips any text through sh', () => {
    const words = fc.sample(fc.string({ unit: 'grapheme-ascii', maxLength: 30 }).filter((s) => !s.includes('\0')), { numRuns: 200, seed: 3 });
    const line = words.map(shellQuote).join(' ');
    expect(shellWords(line)).toEqual(words);
    expect(realShellWords(line)).toEqual(words);
  });
});

describe('cliCommand', () => {
  it('writes the documented command for a simple spec, leaving defaults out', () => {
    expect(cliCommand(decaySpec(), { csvFileName: 'decay.csv' })).toBe(
      "node fitbench.mjs fit decay.csv --model 'A*exp(-t/tau) + c' --y counts --p0 A=1000,tau=3,c=0 --bounds A=0:inf",
    );
  });

  const full: FitSpec = decaySpec({
    model: `-A*exp(-t/tau) + c + 0*t`,
    columns: { x: ['t'], y: 'counts', sigma: 'err' },
    parameters: [
      { name: 'A', value: -1000, min: -Infinity, max: 1e21, fixed: false },
      { name: 'tau', value: 3.25, min: 1e-300, max: Infinity, fixed: false },
      { name: 'c', value: -0, min: -Infinity, max: Infinity, fixed: true },
    ],
    settings: { ...DEFAULT_SETTINGS, loss: 'huber', fScale: 0.5, ftol: 1e-10, xtol: 2e-9, gtol: 1e-8, maxNfev: 400, xScale: 2.5, method: 'normal', backend: 'gpu', absoluteSigma: true },
  });

  it('parses back, through the CLI\'s own parser, to the same fit', () => {
    const line = cliCommand(full, { csvFileName: 'my data (v2).csv' });
    const words = shellWords(line);
    expect(words).toEqual(realShellWords(line));
    expect(words).toEqual(cliWords(full, { csvFileName: 'my data (v2).csv' }));
    expect(words.slice(0, 3)).toEqual(['node', 'fitbench.mjs', 'fit']);
    const cmd = parseFitArgs(words.slice(3));
    if (cmd === 'help') throw new Error('help');
    expect(cmd.file).toBe('my data (v2).csv');
    expect(cmd.model).toBe(full.model);
    expect(cmd.y).toBe('counts');
    expect(cmd.sigma).toBe('err');
    expect([...cmd.p0]).toEqual([['A', -1000], ['tau', 3.25]]);
    expect([...cmd.bounds]).toEqual([['A', [-Infinity, 1e21]], ['tau', [1e-300, Infinity]]]);
    expect([...cmd.fix]).toEqual([['c', -0]]);
    expect(Object.is(cmd.fix.get('c'), -0)).toBe(true);
    expect(cmd.options).toEqual({ loss: 'huber', fScale: 0.5, ftol: 1e-10, xtol: 2e-9, gtol: 1e-8, maxNfev: 400, xScale: 2.5, method: 'normal', absoluteSigma: true });
    expect(cmd.backend).toBe('gpu');
  });

  it('leaves an empty start value out of --p0, so the command searches for it as the page does', () => {
    const spec = decaySpec();
    const empty: FitSpec = { ...spec, parameters: spec.parameters.map((p) => (p.name === 'tau' ? { ...p, value: null } : p)) };
    const cmd = parseFitArgs(shellWords(cliCommand(empty, { csvFileName: 'd.csv' })).slice(3));
    if (cmd === 'help') throw new Error('help');
    expect([...cmd.p0]).toEqual([['A', 1000], ['c', 0]]);
  });

  it('carries the page\'s derived quantities and second model as --derive and --compare-model, parsed back by the CLI', () => {
    const derive = [{ name: 'half', expression: 'ln(2)/(1/tau)' }, { name: 'ratio', expression: '-A/tau' }];
    const line = cliCommand(decaySpec(), { csvFileName: 'd.csv', derive });
    const words = shellWords(line);
    expect(words).toEqual(realShellWords(line));
    const cmd = parseFitArgs(words.slice(3));
    if (cmd === 'help') throw new Error('help');
    expect(cmd.derive).toEqual(derive);
    expect(cliWords(decaySpec(), { csvFileName: 'd.csv' })).not.toContain('--derive');
    const compared = parseFitArgs(cliWords(decaySpec(), { csvFileName: 'd.csv', compareModel: { model: 'A*exp(-t/tau)', fixed: [{ name: 'tau', value: -0.5 }] } }).slice(3));
    if (compared === 'help') throw new Error('help');
    expect(compared.compareModel).toMatchObject({ model: 'A*exp(-t/tau)', nested: false });
    expect([...compared.compareModel!.fix]).toEqual([['tau', -0.5]]);
    // Nesting stated on the page travels as --nested.
    const stated = parseFitArgs(cliWords(decaySpec(), { csvFileName: 'd.csv', compareModel: { model: 'A*exp(-t/tau) + b*t', fixed: [], nested: true } }).slice(3));
    if (stated === 'help') throw new Error('help');
    expect(stated.compareModel).toMatchObject({ model: 'A*exp(-t/tau) + b*t', nested: true });
  });

  it('quotes model text with spaces, quotes and $ and a file name starting with -', () => {
    const spec = decaySpec({ model: `A*exp(-t/tau)   +   c` });
    const nasty = `-it's $HOME "q".csv`;
    const line = cliCommand(spec, { csvFileName: nasty });
    expect(line).toContain(`'./-it'\\''s $HOME "q".csv'`);
    const cmd = parseFitArgs(realShellWords(line).slice(3));
    if (cmd === 'help') throw new Error('help');
    expect(cmd.file).toBe(`./${nasty}`);
    expect(cmd.model).toBe(spec.model);
  });

  it('random valid numbers survive the trip', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ min: Number.MIN_VALUE, max: 1, noNaN: true }), (v, tol) => {
        const spec = decaySpec({
          parameters: [
            { name: 'A', value: v, min: -Infinity, max: Infinity, fixed: false },
            { name: 'tau', value: 1, min: -Infinity, max: Infinity, fixed: false },
            { name: 'c', value: v, min: -Infinity, max: Infinity, fixed: true },
          ],
          settings: { ...DEFAULT_SETTINGS, ftol: tol },
        });
        const cmd = parseFitArgs(shellWords(cliCommand(spec, { csvFileName: 'd.csv' })).slice(3));
        if (cmd === 'help') throw new Error('help');
        expect(Object.is(cmd.p0.get('A'), v)).toBe(true);
        expect(Object.is(cmd.fix.get('c'), v)).toBe(true);
        expect(cmd.options.ftol ?? 1e-15).toBe(tol);
      }),
    );
  });

  it('writes an ODE model with --time and its integration, and no --y where its ~ lines name the columns (issue 23)', () => {
    const model = 'dH/dt = a*H - b*H*L; dL/dt = d*H*L - g*L; H(0) = H0; L(0) = L0; Hare ~ H; Lynx ~ L';
    const ode: FitSpec = {
      ...decaySpec(),
      model,
      columns: { x: ['year'], y: 'Hare', sigma: null },
      parameters: ['a', 'b', 'd', 'g', 'H0', 'L0'].map((name) => ({ name, value: 1, min: 0, max: Infinity, fixed: name === 'L0' })),
      ode: { method: 'rodas4', rtol: 1e-8, atol: 1e-12 },
    };
    const cmd = parseFitArgs(shellWords(cliCommand(ode, { csvFileName: 'lv.csv' })).slice(3));
    if (cmd === 'help') throw new Error('help');
    expect(cmd.model).toBe(model);
    expect(cmd.time).toBe('year');
    expect(cmd.y).toBeNull();
    expect(cmd.ode).toEqual({ method: 'rodas4', rtol: 1e-8, atol: 1e-12 });
    expect([...cmd.fix]).toEqual([['L0', 1]]);
    const oneState: FitSpec = { ...ode, model: 'dA/dt = -k*A; A(0) = A0', columns: { x: ['t'], y: 'conc', sigma: 'sd' }, parameters: [{ name: 'k', value: 0.2, min: -Infinity, max: Infinity, fixed: false }, { name: 'A0', value: 5, min: -Infinity, max: Infinity, fixed: false }], ode: { method: 'auto', rtol: 1e-10, atol: 1e-12 } };
    const words = cliWords(oneState, { csvFileName: 'a.csv' });
    expect(words).toEqual(['node', 'fitbench.mjs', 'fit', 'a.csv', '--model', 'dA/dt = -k*A; A(0) = A0', '--time', 't', '--y', 'conc', '--sigma', 'sd', '--p0', 'k=0.2,A0=5']);
  });
});
