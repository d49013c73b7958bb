/**
 * Comparisons of mixed-effects fits against R (fixtures/mixed/make_compare.R and its compare.json):
 * anova(gnls fit, nlme fit) for the global fit against the mixed model, anova(fit_diag, fit_full)
 * and one random effect fewer between random structures, and on a linear model under REML,
 * anova(gls, lme). Each side's log-likelihood, AIC and BIC to 1e-3 (the mixed fits reach nlme's
 * or higher: fixtures/mixed/README.md), the parameter counts and degrees of freedom exactly, the
 * likelihood-ratio statistic to 2e-3 and its p value to 1e-3 relative where it is not tiny.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../model/index';
import type { GroupInput } from '../groupInput';
import { nestingProblem, versusGlobal, versusStructure } from './compareMixed';
import { nesting } from './likelihoodRatio';
import { mixedFit } from './mixedFit';

const DIR = join(import.meta.dirname, '../../../fixtures/mixed');
interface Side { kind: 'global' | 'mixed'; random?: string[]; cov?: 'full' | 'diag'; logLik: number; aic: number; bic: number; parameters: number }
interface Case { name: string; file: string; x: string; y: string; group: string; model: string; method: 'ml' | 'reml'; start: Record<string, number>; simple: Side; complex: Side; lr: number; df: number; p: number }
const CASES: Case[] = JSON.parse(readFileSync(join(DIR, 'compare.json'), 'utf8'));

function groupsOf(c: Case): GroupInput[] {
  const lines = readFileSync(join(DIR, c.file), 'utf8').trim().split(/\r?\n/);
  const header = lines[0].split(',');
  const rows = lines.slice(1).map((l) => l.split(','));
  const [gi, xi, yi] = [c.group, c.x, c.y].map((n) => header.indexOf(n));
  return [...new Set(rows.map((r) => r[gi]))].map((key) => {
    const mine = rows.filter((r) => r[gi] === key);
    return { key, data: { vars: [Float64Array.from(mine, (r) => Number(r[xi]))], y: Float64Array.from(mine, (r) => Number(r[yi])), sigma: null } };
  });
}

function fit(c: Case, side: Side) {
  const compiled = compileModel(c.model, { columns: [c.x] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const parameters = Object.entries(c.start).map(([name, value]) => ({ name, value }));
  return mixedFit({ model: compiled.value, groups: groupsOf(c), parameters, random: side.random!, cov: side.cov!, method: c.method });
}

describe('mixed-effects comparisons against R anova()', () => {
  it.each(CASES)('$name', (c) => {
    const richer = fit(c, c.complex);
    const cmp = c.simple.kind === 'global' ? versusGlobal(richer) : versusStructure(fit(c, c.simple), richer);
    expect(cmp.against).toBe(c.simple.kind === 'global' ? 'global' : 'random');
    for (const [ours, ref] of [[cmp.simpler, c.simple], [cmp.richer, c.complex]] as const) {
      expect(ours.kind).toBe(ref.kind);
      expect(ours.parameterCount).toBe(ref.parameters);
      // The global fit is a plain least-squares fit: its likelihood equals R's to rounding.
      const tol = ref.kind === 'global' ? 1e-6 : 1e-3;
      expect(ours.logLik).toBeGreaterThanOrEqual(ref.logLik - tol);
      expect(Math.abs(ours.logLik - ref.logLik)).toBeLessThan(ref.kind === 'global' ? 1e-6 : 2e-3);
      expect(Math.abs(ours.aic - ref.aic)).toBeLessThan(ref.kind === 'global' ? 1e-5 : 4e-3);
      expect(Math.abs(ours.bic - ref.bic)).toBeLessThan(ref.kind === 'global' ? 1e-5 : 4e-3);
    }
    expect(cmp.df).toBe(c.df);
    expect(Math.abs(cmp.lr - c.lr)).toBeLessThan(4e-3);
    if (c.p > 1e-6) expect(Math.abs(cmp.pValue - c.p) / c.p).toBeLessThan(1e-2);
    else expect(cmp.pValue).toBeLessThan(1e-6);
    expect(cmp.deltaAic).toBeCloseTo(cmp.richer.aic - cmp.simpler.aic, 12);
  });

  it('nests random structures as the likelihood-ratio test needs', () => {
    expect(nesting({ random: ['A', 'B'], cov: 'diag' }, { random: ['A', 'B'], cov: 'full' })).toBe('a');
    expect(nesting({ random: ['A'], cov: 'full' }, { random: ['A', 'B'], cov: 'diag' })).toBe('a');
    expect(nesting({ random: ['A', 'B'], cov: 'full' }, { random: ['A'], cov: 'diag' })).toBe('b');
    expect(nesting({ random: ['A'], cov: 'full' }, { random: ['A'], cov: 'diag' })).toBe('same');
    // A full Ψ over A, B does not sit within a diagonal Ψ over A, B, C (the A–B correlation).
    expect(nesting({ random: ['A', 'B'], cov: 'full' }, { random: ['A', 'B', 'C'], cov: 'diag' })).toBe(null);
    expect(nestingProblem({ random: ['A'], cov: 'full' }, { random: ['B'], cov: 'full' })).toMatch(/do not nest/);
  });
});
