/**
 * The residual diagnostics (diagnostics.ts) in words a scientist can act on, one sentence per test,
 * each naming the test and its number ("Residuals look random: runs test p = 0.43"). The page and
 * the printable report say them the same way. A test "passes" at p ≥ 0.05 (Prism's convention);
 * Durbin–Watson has no p here, so d within 1.5–2.5 reads as no sign of autocorrelation (the usual
 * rule of thumb; Durbin & Watson 1950).
 */
import type { ResidualDiagnostics } from './diagnostics';

export interface DiagnosticSentence {
  readonly test: 'runs' | 'normality' | 'durbin-watson' | 'replicates';
  /** 'ok': no sign of a problem; 'warn': the test flags one; 'none': not run (too few points, no replicates). */
  readonly tone: 'ok' | 'warn' | 'none';
  readonly text: string;
}

export const DIAGNOSTIC_ALPHA = 0.05;

/** A p value as read aloud: two significant digits, "p < 0.001" below that. */
export function pText(p: number): string {
  if (!Number.isFinite(p)) return 'p not defined';
  if (p < 0.001) return 'p < 0.001';
  return `p = ${Number(p.toPrecision(2))}`;
}

const short = (v: number, digits = 3) => (Number.isFinite(v) ? String(Number(v.toPrecision(digits))) : '—');

function runsSentence(d: ResidualDiagnostics): DiagnosticSentence {
  const r = d.runs;
  const order = d.order === 'x' ? 'in order of x' : 'in row order';
  const counts = `${r.runs} runs of signs ${order}, ${short(r.expected)} expected`;
  if (!Number.isFinite(r.p)) return { test: 'runs', tone: 'none', text: `Runs test not defined: every residual has the same sign (${counts}).` };
  if (r.p >= DIAGNOSTIC_ALPHA) return { test: 'runs', tone: 'ok', text: `Residuals look random: runs test ${pText(r.p)} (${counts}).` };
  return r.runs < r.expected
    ? { test: 'runs', tone: 'warn', text: `Residuals are not random: too few runs, runs test ${pText(r.p)} (${counts}); the curve misses a systematic shape in the data.` }
    : { test: 'runs', tone: 'warn', text: `Residuals alternate in sign more than chance allows: runs test ${pText(r.p)} (${counts}).` };
}

function normalitySentence(d: ResidualDiagnostics): DiagnosticSentence {
  const t = d.normality;
  if (!t) return { test: 'normality', tone: 'none', text: 'Normality not tested: the D’Agostino–Pearson test needs at least 8 residuals.' };
  const stat = `D’Agostino–Pearson K² = ${short(t.k2)}, ${pText(t.p)}`;
  return t.p >= DIAGNOSTIC_ALPHA
    ? { test: 'normality', tone: 'ok', text: `Residuals are consistent with a normal distribution: ${stat}.` }
    : { test: 'normality', tone: 'warn', text: `Residuals do not look normal: ${stat}; intervals that assume normal errors may mislead (outliers? try a robust loss or other weights).` };
}

function durbinWatsonSentence(d: ResidualDiagnostics): DiagnosticSentence {
  const dw = d.durbinWatson;
  const stat = `Durbin–Watson d = ${short(dw)} (2 means none)`;
  if (!Number.isFinite(dw)) return { test: 'durbin-watson', tone: 'none', text: 'Durbin–Watson not defined (the residuals are all zero).' };
  if (dw < 1.5) return { test: 'durbin-watson', tone: 'warn', text: `Neighbouring residuals are correlated (positive autocorrelation): ${stat}.` };
  if (dw > 2.5) return { test: 'durbin-watson', tone: 'warn', text: `Neighbouring residuals alternate (negative autocorrelation): ${stat}.` };
  return { test: 'durbin-watson', tone: 'ok', text: `No sign of autocorrelation: ${stat}.` };
}

function replicatesSentence(d: ResidualDiagnostics): DiagnosticSentence {
  const t = d.replicates;
  if (!t) return { test: 'replicates', tone: 'none', text: 'Replicates test not run: no x value repeats often enough to measure pure error.' };
  const stat = `lack of fit F(${t.dfLackOfFit}, ${t.dfPureError}) = ${short(t.F)}, ${pText(t.p)}`;
  return t.p >= DIAGNOSTIC_ALPHA
    ? { test: 'replicates', tone: 'ok', text: `The curve is as close to the replicates’ means as their scatter allows: replicates test ${stat}.` }
    : { test: 'replicates', tone: 'warn', text: `The curve misses the replicates’ means by more than their scatter: replicates test ${stat}; consider another model.` };
}

export function diagnosticSentences(d: ResidualDiagnostics): DiagnosticSentence[] {
  return [runsSentence(d), normalitySentence(d), durbinWatsonSentence(d), replicatesSentence(d)];
}
