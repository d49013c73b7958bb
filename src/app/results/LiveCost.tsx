/**
 * The cost per iteration while a fit runs: a light SVG line on a log scale (no chart library),
 * so that progress messages ten times a second cost the page next to nothing.
 */
import { useApp } from '../../state';
import { progressText } from '../fit/progressText';
import { formatNumber } from '../format/number';

const W = 640;
const H = 150;
const PAD = 8;

export function costPath(costs: readonly number[]): string {
  const finite = costs.filter((c) => c > 0 && Number.isFinite(c));
  if (finite.length === 0) return '';
  const logs = finite.map(Math.log10);
  const lo = Math.min(...logs);
  const hi = Math.max(...logs);
  const span = hi - lo || 1;
  const n = Math.max(2, finite.length);
  return logs
    .map((v, i) => {
      const x = PAD + ((W - 2 * PAD) * i) / (n - 1);
      const y = PAD + ((H - 2 * PAD) * (hi - v)) / span;
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

export function LiveCost() {
  const costs = useApp((s) => s.liveCosts);
  const progress = useApp((s) => s.progress);
  const last = costs.at(-1);
  return (
    <section className="card live-cost" aria-label="Fit in progress" data-testid="live-progress">
      <header className="results-head">
        <h2 className="card-title">Fitting…</h2>
        <span className="muted small mono">{progressText(progress)}</span>
      </header>
      <svg viewBox={`0 0 ${W} ${H}`} className="sparkline" role="img" aria-label={`Cost per iteration${last !== undefined ? `, now ${formatNumber(last, 4)}` : ''}`} preserveAspectRatio="none">
        <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} className="sparkline-axis" />
        <path d={costPath(costs)} className="sparkline-line" vectorEffect="non-scaling-stroke" />
      </svg>
      <p className="muted small">Cost per iteration (log scale){last !== undefined ? `: ${formatNumber(last, 5)} after ${costs.length} iterations` : ''}</p>
    </section>
  );
}
