/** Sinusoids: a steady sine and an exponentially damped one, each on an offset. */
import { defineModel } from '../define';
import { dominantFrequency } from '../guess/periodogram';
import { profileSearch, SEARCH_POINTS } from '../guess/profile';
import { thin, type Samples } from '../guess/samples';
import { fitSinusoid } from '../guess/sinusoid';
import { xScale } from '../guess/stats';

/** Quadrature bases e(x)·sin, e(x)·cos and 1 around the first sample x₀. */
function quadratures(s: Samples, f: number, tau: number): Float64Array[] {
  const x0 = s.x[0];
  const w = 2 * Math.PI * f;
  const env = (v: number): number => (Number.isFinite(tau) ? Math.exp(-(v - x0) / tau) : 1);
  return [
    Float64Array.from(s.x, (v) => env(v) * Math.sin(w * (v - x0))),
    Float64Array.from(s.x, (v) => env(v) * Math.cos(w * (v - x0))),
    new Float64Array(s.n).fill(1),
  ];
}

export const sine = defineModel({
  id: 'sine',
  name: 'Sine',
  category: 'oscillation',
  expression: 'A*sin(2*pi*f*x + phi) + c',
  formula: 'y = A·sin(2π·f·x + φ) + c',
  description: 'Sinusoid of amplitude A, frequency f (cycles per unit x), phase φ and offset c.',
  parameters: [{ name: 'A', fallback: 'yScale' }, { name: 'f', positive: true }, { name: 'phi' }, { name: 'c', fallback: 'yMid' }],
  estimate(all) {
    const s = thin(all, 1024);
    const seed = dominantFrequency(s);
    if (seed === null) return { f: 1 / xScale(all) };
    // The periodogram is the RSS profile over f; a finer search around its peak pins f down.
    const span = xScale(s);
    const p = profileSearch([{ start: seed, step: 0.05 / span }], ([f]) => (f > 0 ? quadratures(s, f, Infinity) : null), s.y);
    const f = p ? p.theta[0] : seed;
    const sin = fitSinusoid(s, f);
    return sin ? { A: sin.amplitude, f, phi: sin.phase, c: sin.offset } : { f };
  },
});

export const dampedSine = defineModel({
  id: 'damped-sine',
  name: 'Damped sine',
  category: 'oscillation',
  expression: 'A*exp(-x/tau)*sin(2*pi*f*x + phi) + c',
  formula: 'y = A·exp(−x/τ)·sin(2π·f·x + φ) + c',
  description: 'Exponentially damped oscillation: amplitude A at x = 0, decay time τ, frequency f, phase φ, offset c.',
  parameters: [{ name: 'A', fallback: 'yScale' }, { name: 'tau', positive: true }, { name: 'f', positive: true }, { name: 'phi' }, { name: 'c', fallback: 'yMid' }],
  estimate(all) {
    const s = thin(all, 1024);
    const span = xScale(s);
    const seed = dominantFrequency(s);
    if (seed === null) return { f: 1 / span, tau: span };
    // Damping broadens the periodogram peak but leaves it in place; search f and τ together, on
    // enough samples to show every cycle (16 per cycle).
    const q = thin(s, Math.max(SEARCH_POINTS, Math.ceil(16 * seed * span)));
    const p = profileSearch(
      [
        { start: seed, step: 0.05 / span },
        { start: span / 2, step: 0.6, log: true },
      ],
      ([f, tau]) => (f > 0 ? quadratures(q, f, tau) : null),
      q.y,
    );
    const [f, tau] = p ? p.theta : [seed, span / 2];
    const x0 = s.x[0];
    const fit = fitSinusoid(s, f, (dx) => Math.exp(-dx / tau));
    if (!fit) return { f, tau };
    return { A: fit.amplitude * Math.exp(x0 / tau), tau, f, phi: fit.phase, c: fit.offset };
  },
});
