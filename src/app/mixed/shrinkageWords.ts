/**
 * What the shrinkage plot shows, in words (issue 25): how far the groups' estimates moved from
 * their own fits toward the population value (shrinkage.ts), each group's share of its distance
 * as a range, the groups that moved away or crossed it, and the shrinkage taken together. On R's
 * Orange trees with Asym random the shrinkage is small and goes both ways (Pinheiro & Bates
 * 2000, §8.2): the words say so from the numbers, not from a rule about the data.
 */
import type { MixedFitOutcome } from '../../worker/api';
import { num } from './MixedTables';
import type { Shrinkage } from './shrinkage';
import { shrinkageMoves, shrinkageShare } from './shrinkage';

const pct = (f: number) => `${Math.round(Math.abs(f) * 100)}%`;

/** "20%", "20% and 68%" or "13–17%" of a sorted list of shares. */
function range(fs: readonly number[]): string {
  const lo = pct(fs[0]);
  const hi = pct(fs[fs.length - 1]);
  if (lo === hi) return lo;
  if (fs.length === 2) return `${lo} and ${hi}`;
  const [a, b] = fs[0] >= 0 ? [lo, hi] : [hi, lo];
  return `${a.replace('%', '')}–${b}`;
}

const groups = (k: number) => (k === 1 ? '1 group' : `${k} groups`);

export function shrinkageWords(g: MixedFitOutcome, s: Shrinkage): string {
  if (!g.separate) return "The groups were not fitted on their own: only the mixed model's estimates are shown.";
  const share = shrinkageShare(s);
  if (!Number.isFinite(share)) return "No group could be fitted on its own: only the mixed model's estimates are shown.";
  const { toward, away, crossed } = shrinkageMoves(s);
  const n = toward.length + away.length;
  const name = s.name;
  const pop = num(s.population, 5);
  const moves =
    away.length === 0
      ? `Every group's ${name} moves from its own fit toward the population value ${pop}, by ${range(toward)} of its distance from it: most where a group's data say least.`
      : toward.length === 0
        ? `No group's ${name} moves toward the population value ${pop}: each lies ${range(away)} farther from it than the group's own fit.`
        : `${groups(toward.length)} of ${n} move their ${name} toward the population value ${pop}, by ${range(toward)} of the distance; ${groups(away.length)} move away from it, by ${range(away)}.`;
  const cross = crossed > 0 ? ` ${crossed === 1 ? '1 group crosses' : `${crossed} groups cross`} to the other side of it.` : '';
  const together =
    share > 0
      ? ` Taken together the estimates lie ${pct(share)} of the way toward it${share < 0.25 ? ': the shrinkage is small' : ''}.`
      : ` Taken together they are no nearer to it than the groups' own fits.`;
  const fixedOnes = g.mixed.names.filter((x) => !g.mixed.random.includes(x));
  const why = fixedOnes.length === 0 || away.length === 0 ? '' : ` Each group alone also fits its own ${fixedOnes.join(', ')}, one value for all groups in the mixed model, so a group's ${name} can move either way.`;
  return moves + cross + together + why;
}
