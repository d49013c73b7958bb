/**
 * The replicates test for lack of fit (Prism's "replicates test"; Draper & Smith 1998, Applied
 * Regression Analysis, §2.1): where x repeats, the scatter of replicates about their own mean (pure
 * error) says how well any curve could do, and the rest of χ² is lack of fit:
 *     SS_pe = Σ_g Σ_{i∈g} wᵢ²(yᵢ − ȳ_g)²,  ȳ_g = Σwᵢ²yᵢ/Σwᵢ²,  ν_pe = n − G,
 *     SS_lof = χ² − SS_pe,  ν_lof = G − k,  F = (SS_lof/ν_lof)/(SS_pe/ν_pe),  p = P(F_{ν_lof,ν_pe} > F),
 * with G distinct x (all variables equal) and k free parameters. A small p: the model misses a
 * shape the replicates show. Null without replicates (ν_pe = 0) or with G ≤ k.
 */
import { betaInc } from './special';

export interface ReplicatesTest {
  readonly ssLackOfFit: number;
  readonly dfLackOfFit: number;
  readonly ssPureError: number;
  readonly dfPureError: number;
  readonly F: number;
  readonly p: number;
}

/** P(F_{d1,d2} > F) = I_{d2/(d2 + d1·F)}(d2/2, d1/2). */
export function fSf(F: number, d1: number, d2: number): number {
  if (!(F >= 0)) return F < 0 ? 1 : NaN;
  return betaInc(d2 / 2, d1 / 2, d2 / (d2 + d1 * F));
}

export interface ReplicatesInput {
  /** The replicate group of each row (0 … groupCount − 1): rows with all variables equal. */
  readonly groupOf: Uint32Array;
  readonly groupCount: number;
  readonly y: Float64Array;
  /** 1/σᵢ, or null. */
  readonly w: Float64Array | null;
  readonly chi2: number;
  readonly freeParameters: number;
}

export function replicatesTest({ groupOf, groupCount: G, y, w, chi2, freeParameters: k }: ReplicatesInput): ReplicatesTest | null {
  const n = y.length;
  const dfPureError = n - G;
  const dfLackOfFit = G - k;
  if (dfPureError <= 0 || dfLackOfFit <= 0) return null;
  const sw = new Float64Array(G);
  const swy = new Float64Array(G);
  for (let i = 0; i < n; i++) {
    const w2 = w ? w[i] * w[i] : 1;
    sw[groupOf[i]] += w2;
    swy[groupOf[i]] += w2 * y[i];
  }
  // Σw²(y − ȳ_g)² in a second pass (not Σw²y² − (Σw²y)²/Σw²: that cancels catastrophically).
  let ssPureError = 0;
  for (let i = 0; i < n; i++) {
    const g = groupOf[i];
    const w2 = w ? w[i] * w[i] : 1;
    ssPureError += w2 * (y[i] - swy[g] / sw[g]) ** 2;
  }
  return replicatesFromSums({ points: n, groupCount: G, ssPureError, chi2, freeParameters: k });
}

/** The test from the pure-error sum of squares of n rows in G replicate groups (a streamed fit forms it chunk by chunk). */
export function replicatesFromSums({ points: n, groupCount: G, ssPureError, chi2, freeParameters: k }: { points: number; groupCount: number; ssPureError: number; chi2: number; freeParameters: number }): ReplicatesTest | null {
  const dfPureError = n - G;
  const dfLackOfFit = G - k;
  if (dfPureError <= 0 || dfLackOfFit <= 0) return null;
  const ssLackOfFit = Math.max(chi2 - ssPureError, 0);
  const F = ssLackOfFit / dfLackOfFit / (ssPureError / dfPureError);
  return { ssLackOfFit, dfLackOfFit, ssPureError, dfPureError, F, p: fSf(F, dfLackOfFit, dfPureError) };
}
