/**
 * What a profile plot draws (Bates & Watts 1988, §6.1, fig. 6.2; R's plot.profile.nls): the
 * profile t statistic τ(v) against the parameter value, the horizontal lines τ = ±t_{n−p}(1 − α/2)
 * whose crossings are the interval's ends, and the straight line (v − θ̂)/se that τ would follow
 * if the model were linear in the parameter, i.e. where the Wald interval ends. A τ curve that
 * bends away from that line is why the profile interval is asymmetric.
 */
import type { ParameterProfile } from './profile';

export interface ProfilePlotData {
  readonly name: string;
  /** The computed profile points, sorted by value. */
  readonly value: number[];
  readonly tau: number[];
  /** The linear approximation τ = (v − θ̂)/se over the plotted range (two points); null without a finite se. */
  readonly wald: { readonly value: [number, number]; readonly tau: [number, number] } | null;
  readonly cutoff: number;
  readonly estimate: number;
  /** Profile interval ends (null: unbounded on that side). */
  readonly lower: number | null;
  readonly upper: number | null;
  /** The plotted value range (points and both intervals' ends). */
  readonly range: [number, number];
}

export interface ProfilePlotInput {
  readonly name: string;
  readonly profile: Pick<ParameterProfile, 'points' | 'lower' | 'upper'>;
  readonly estimate: number;
  readonly se: number;
  readonly cutoff: number;
}

export function profilePlotData({ name, profile, estimate, se, cutoff }: ProfilePlotInput): ProfilePlotData {
  const value = profile.points.map((p) => p.value);
  const tau = profile.points.map((p) => p.tau);
  const finiteSe = se > 0 && Number.isFinite(se);
  const ends = [...value, estimate, ...(finiteSe ? [estimate - cutoff * se, estimate + cutoff * se] : [])].filter(Number.isFinite);
  const range: [number, number] = [Math.min(...ends), Math.max(...ends)];
  const wald = finiteSe ? { value: range, tau: [(range[0] - estimate) / se, (range[1] - estimate) / se] as [number, number] } : null;
  return { name, value, tau, wald, cutoff, estimate, lower: profile.lower, upper: profile.upper, range };
}
