/**
 * The R nlme export of a mixed-effects fit (issue 25): the script's key lines for R's Orange
 * (formula from the syntax tree, fixed, random with Ψ's class, groups, start, method), what it
 * refuses, and, where Rscript with nlme is installed, the script run on fixtures/mixed/orange.csv
 * reproducing nlme's own fit in fixtures/mixed/fits.json (written by make_fits.R, not by this
 * script). Skipped, with the reason, without R.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../share/testSpecs.test';
import type { FitSpec, MixedGroupSpec, ParameterRow } from '../../share/types';
import { nlmeScript } from './nlmeScript';
import { rExpr, rName } from './rExpr';
import { compileModel } from '../../model/index';

const FIX = join(import.meta.dirname, '../../../fixtures/mixed');
const row = (name: string, value: number | null, patch: Partial<ParameterRow> = {}): ParameterRow => ({ name, value, min: -Infinity, max: Infinity, fixed: false, ...patch });
const CSV = { csvFileName: 'orange.csv', delimiter: ',', decimalComma: false, header: true };

function orange(mixed: MixedGroupSpec, patch: Partial<FitSpec> = {}): FitSpec {
  return {
    version: 1,
    model: 'Asym/(1 + exp((xmid - age)/scal))',
    libraryId: null,
    columns: { x: ['age'], y: 'circumference', sigma: null },
    parameters: [row('Asym', 192), row('xmid', 728), row('scal', 353)],
    settings: DEFAULT_SETTINGS,
    data: null,
    groups: { column: 'Tree', mode: 'mixed', shared: [], mixed },
    ...patch,
  };
}

function rMissing(): string | null {
  try {
    execFileSync('Rscript', ['-e', 'library(nlme)'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'Rscript with nlme is not available; the exported script cannot be run here';
  }
}

describe('nlmeScript', () => {
  it('writes the model formula, fixed, random, groups, start values and method', () => {
    const text = nlmeScript(orange({ random: ['Asym'], cov: 'full', method: 'ml' }), CSV);
    const lines = text.split('\n');
    expect(lines).toContain('fit <- nlme(circumference ~ Asym/(1 + exp((xmid - age)/scal)),');
    expect(lines).toContain('  fixed = Asym + xmid + scal ~ 1,');
    expect(lines).toContain('  random = pdLogChol(Asym ~ 1),');
    expect(lines).toContain('  groups = ~ Tree,');
    expect(lines).toContain('start <- c(Asym = 192, xmid = 728, scal = 353)');
    expect(lines).toContain('  method = "ML")');
    expect(lines).toContain('CSV_FILE <- if (length(args) > 0) args[1] else "orange.csv"');
    expect(lines).toContain('print(anova(pooled, fit))');
  });

  it('diagonal Ψ, REML, a held parameter as a number and the picked groups', () => {
    const spec = orange({ random: ['Asym', 'xmid'], cov: 'diag', method: 'reml' }, { parameters: [row('Asym', 192), row('xmid', 728), row('scal', -353.5, { fixed: true })] });
    const text = nlmeScript({ ...spec, groups: { ...spec.groups!, pick: ['1', '3'] } }, CSV);
    expect(text).toContain('fit <- nlme(circumference ~ Asym/(1 + exp((xmid - age)/(-353.5))),');
    expect(text).toContain('  fixed = Asym + xmid ~ 1,');
    expect(text).toContain('  random = pdDiag(Asym + xmid ~ 1),');
    expect(text).toContain('start <- c(Asym = 192, xmid = 728)');
    expect(text).toContain('  method = "REML")');
    expect(text).toContain('data <- data[data[[GROUP_COLUMN]] %in% c("1", "3"), ]');
    expect(text).not.toContain('anova(');
  });

  it('prints names R cannot read bare back-quoted, and R precedence from the tree', () => {
    expect(rName('_k')).toBe('`_k`');
    expect(rName('if')).toBe('`if`');
    expect(rName('conc.1')).toBe('conc.1');
    expect(rName('my col')).toBe('`my col`');
    const m = compileModel('-a^2 + b*(x - c)^-1 + erf(x/a) + max(a, x) + e*pi', { columns: ['x'] });
    if (!m.ok) throw new Error(m.error.message);
    const names = new Map(['a', 'b', 'c', 'x'].map((n) => [n, n]));
    expect(rExpr(m.value.ast, { names })).toBe('-a^2 + b*(x - c)^-1 + (2*pnorm((x/a)*sqrt(2)) - 1) + pmax(a, x) + exp(1)*pi');
  });

  it('refuses what nlme here would not repeat: bounds, weights, row filters, no header', () => {
    const m = { random: ['Asym'], cov: 'full', method: 'ml' } as const;
    expect(() => nlmeScript(orange(m, { parameters: [row('Asym', 192, { min: 0 }), row('xmid', 728), row('scal', 353)] }), CSV)).toThrow(/Asym has bounds/);
    expect(() => nlmeScript(orange(m, { columns: { x: ['age'], y: 'circumference', sigma: 'sd' } }), CSV)).toThrow(/weights/);
    expect(() => nlmeScript(orange(m, { rows: { where: ['age > 200'], exclude: [] } }), CSV)).toThrow(/row filters/);
    expect(() => nlmeScript(orange(m), { ...CSV, header: false })).toThrow(/header row/);
  });

  const missing = rMissing();
  it.skipIf(missing !== null)(`run with Rscript, reproduces nlme's Orange fit (fixtures/mixed/fits.json)${missing ? `: skipped, ${missing}` : ''}`, () => {
    const ref = (JSON.parse(readFileSync(join(FIX, 'fits.json'), 'utf8')) as { name: string; logLik: number; fixed: Record<string, number>; sigma: number }[]).find((f) => f.name === 'orange-ml')!;
    const dir = mkdtempSync(join(tmpdir(), 'nlme-'));
    const file = join(dir, 'fit.R');
    writeFileSync(file, nlmeScript(orange({ random: ['Asym'], cov: 'full', method: 'ml' }), CSV));
    const out = execFileSync('Rscript', [file, join(FIX, 'orange.csv')], { encoding: 'utf8' });
    const logLik = Number(/^logLik (\S+)/m.exec(out)?.[1]);
    expect(Math.abs(logLik - ref.logLik)).toBeLessThan(1e-6);
    // anova's row for the mixed fit: its likelihood ratio against the pooled fit.
    expect(out).toMatch(/fit\s+2\s+5\s+273\.169/);
  }, 30_000);
});
