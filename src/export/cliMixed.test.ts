/**
 * The exported command of a mixed-effects fit (issue 25): the Orange sample opened on the page
 * (Asym random per Tree) and fitted there gives a command with --group Tree --random Asym
 * --random-cov full --method ml, which the CLI's parser reads back as the same mixed request and
 * which, run through the CLI (--json), gives the page's fixed effects, σ, Ψ and log-likelihood.
 * Another structure (Asym and xmid random, diagonal Ψ, REML) reads back as that one, and the
 * solver's own --method (dense) is left out: with --random the CLI's --method is the likelihood.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliRunner } from '../../test/cli';
import { parseFitArgs, type FitCommand } from '../cli/args';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { runMixedFit, setMixedMethod, setRandom, setRandomCov } from '../state/actions/mixed';
import { loadSample } from '../state/actions/samples';
import { portableSpec } from '../state/shareSpec';
import type { SampleEntry } from '../state/slices/view';
import { getState, initialState, setState } from '../state/store';
import { cliWords } from './cliCommand';

const SAMPLES = join(import.meta.dirname, '../../public/samples');
const orange = (JSON.parse(readFileSync(join(SAMPLES, 'index.json'), 'utf8')) as SampleEntry[]).find((s) => s.id === 'orange')!;
const CSV = join(SAMPLES, 'orange.csv');
const run = cliRunner();
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(1e-300, Math.abs(b));

/** The words after `fitbench`, as the CLI's main and parseFitArgs take them. */
const argv = (words: readonly string[]) => words.slice(words.indexOf('fit'));
/** The value after `option` in the words (undefined: not written). */
const after = (words: readonly string[], option: string) => {
  const i = words.indexOf(option);
  return i < 0 ? undefined : words[i + 1];
};

function parsed(words: readonly string[]): FitCommand {
  const cmd = parseFitArgs(argv(words).slice(1));
  if (cmd === 'help') throw new Error('parseFitArgs read help');
  return cmd;
}

describe('the exported command of the page’s mixed-effects fit', () => {
  beforeAll(async () => {
    setClient(localClient());
    setState(initialState, true);
    vi.stubGlobal('document', { baseURI: 'http://localhost/' });
    vi.stubGlobal('fetch', async (url: string) => new Response(readFileSync(join(SAMPLES, String(url).split('/').pop()!))));
    expect(await loadSample(orange)).toBe(true);
    expect(getState().loadError).toBeNull();
  });
  afterAll(() => vi.unstubAllGlobals());

  it('writes --group, --random, --random-cov and --method, and runs in the CLI to the page’s fit', async () => {
    const s = getState();
    expect([s.groupBy, s.groupMode, s.randomParams]).toEqual(['Tree', 'mixed', ['Asym']]);
    await runMixedFit();
    expect(getState().mixedError).toBeNull();
    const page = getState().mixed!.mixed;

    const words = cliWords(portableSpec(getState()), { csvFileName: CSV });
    expect(words.join(' ')).toContain('--group Tree --random Asym --random-cov full --method ml');
    const cmd = parsed(words);
    expect(cmd.group).toBe('Tree');
    expect(cmd.shared).toEqual([]);
    expect(cmd.mixed).toEqual({ random: ['Asym'], cov: 'full', method: 'ml', versus: null });

    const r = await run(...argv(words), '--json');
    expect(r.code, r.err).toBe(0);
    const cli = JSON.parse(r.out).mixed;
    expect([cli.method, cli.cov, cli.random]).toEqual(['ml', 'full', ['Asym']]);
    expect(Object.keys(cli.fixed)).toEqual(page.names);
    page.names.forEach((name, i) => expect(rel(cli.fixed[name], page.fixed[i])).toBeLessThan(1e-9));
    expect(rel(cli.sigma, page.sigma)).toBeLessThan(1e-9);
    expect(rel(cli.randomSd.Asym, page.randomSd[0])).toBeLessThan(1e-9);
    expect(rel(cli.logLik, page.logLik)).toBeLessThan(1e-12);
    expect(cli.groupsFitted).toBe(5);
  });

  it('carries another structure, and leaves the solver’s --method out', () => {
    setRandom('xmid', true);
    setRandomCov('diag');
    setMixedMethod('reml');
    setState({ settings: { ...getState().settings, method: 'dense' } });
    const words = cliWords(portableSpec(getState()), { csvFileName: CSV });
    expect(words.join(' ')).toContain('--random Asym,xmid --random-cov diag --method reml');
    expect(words.filter((w) => w === '--method')).toHaveLength(1);
    expect(after(words, '--method')).toBe('reml');
    expect(parsed(words).mixed).toEqual({ random: ['Asym', 'xmid'], cov: 'diag', method: 'reml', versus: null });
    // Per-group fits of the same page write none of it, and the solver's method again.
    setState({ groupMode: 'each' });
    const each = cliWords(portableSpec(getState()), { csvFileName: CSV });
    expect(each).not.toContain('--random');
    expect(after(each, '--method')).toBe('dense');
    expect(parsed(each).mixed ?? null).toBeNull();
  });
});
