/**
 * Shrinkage in numbers (issue 25): for one parameter, each group's estimate fitted on its own (no
 * pooling) beside the mixed model's estimate for that group, the population value plus the
 * predicted random effect (the BLUP; Pinheiro & Bates 2000, §2.2, Fig. 4.11's comparison of
 * lmList and lme). The mixed estimates lie between the separate ones and the population value:
 * nearer to it where a group's own data say little. Plain data for the plot and the table.
 */
import type { MixedFitOutcome } from '../../worker/api';

export interface ShrinkagePoint {
  readonly key: string;
  /** The group fitted on its own (NaN: not fitted, or the separate fits were not run). */
  readonly separate: number;
  readonly separateSe: number;
  /** The mixed model's estimate for the group (fixed effect + predicted random effect). */
  readonly mixed: number;
}

export interface Shrinkage {
  readonly name: string;
  /** The fixed effect: the population value the groups shrink toward. */
  readonly population: number;
  readonly points: readonly ShrinkagePoint[];
}

export function shrinkage(m: MixedFitOutcome, name: string): Shrinkage | null {
  const j = m.names.indexOf(name);
  const f = m.mixed.names.indexOf(name);
  if (j < 0 || f < 0) return null;
  const separate = new Map((m.separate ?? []).map((r) => [r.key, r]));
  const points = m.mixed.rows
    .filter((r) => r.included)
    .map((r) => {
      const s = separate.get(r.key);
      const ok = s !== undefined && s.success;
      return { key: r.key, separate: ok ? s.params[j] : NaN, separateSe: ok ? s.stderr[j] : NaN, mixed: r.params[j] };
    });
  return { name, population: m.mixed.fixed[f], points };
}

/**
 * How far the mixed estimates moved toward the population value, as a share of the separate
 * estimates' distance from it: 1 − Σ|mixed − pop| / Σ|separate − pop| over the groups with both
 * (0: no pooling, 1: complete pooling). NaN when no group has its own fit.
 */
export function shrinkageShare(s: Shrinkage): number {
  let moved = 0;
  let own = 0;
  for (const p of s.points) {
    if (!Number.isFinite(p.separate) || !Number.isFinite(p.mixed)) continue;
    own += Math.abs(p.separate - s.population);
    moved += Math.abs(p.mixed - s.population);
  }
  return own > 0 ? 1 - moved / own : NaN;
}

/** How each group's estimate moved from its own fit to the mixed model's, relative to the population value. */
export interface ShrinkageMoves {
  /** 1 − |mixed − pop| / |own − pop| of the groups that moved nearer (0 < f; 1: onto it), ascending. */
  readonly toward: readonly number[];
  /** The same of the groups that moved farther (f ≤ 0: −0.1 is 10% farther), ascending. */
  readonly away: readonly number[];
  /** Groups whose mixed estimate lies on the other side of the population value from their own fit. */
  readonly crossed: number;
}

/**
 * Each group's move: with random effects on some parameters only, a group alone fits its own
 * values of the fixed ones too, so its random parameter's own estimate absorbs what they would
 * have explained, and the mixed estimate need not lie between it and the population value.
 */
export function shrinkageMoves(s: Shrinkage): ShrinkageMoves {
  const toward: number[] = [];
  const away: number[] = [];
  let crossed = 0;
  for (const p of s.points) {
    const own = p.separate - s.population;
    const mixed = p.mixed - s.population;
    if (!Number.isFinite(own) || !Number.isFinite(mixed) || own === 0) continue;
    const f = 1 - Math.abs(mixed) / Math.abs(own);
    (f > 0 ? toward : away).push(f);
    if (Math.sign(own) * Math.sign(mixed) < 0) crossed++;
  }
  const up = (a: number, b: number) => a - b;
  return { toward: toward.sort(up), away: away.sort(up), crossed };
}
