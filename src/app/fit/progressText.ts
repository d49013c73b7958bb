/** The progress line of a running fit, in words and numbers. */
import type { FitProgress } from '../../worker/api';
import { formatNumber } from '../format/number';

export function progressText(p: FitProgress | null): string {
  // The bootstrap's refits after the fit (issue 26): Cancel stops them and keeps the fit.
  if (p?.bootstrap) return `Bootstrap · ${p.bootstrap.done} of ${p.bootstrap.total} resamples (Cancel keeps the fit)`;
  if (p?.chunk?.passIndex !== undefined && (p.phase === 'start' || p.chunk.pass === 'statistics')) return `${p.chunk.pass === 'statistics' ? 'Statistics' : 'Starting'} · ${streamedPass(p.chunk)}`;
  if (!p || p.phase === 'start') return p?.chunk ? `Starting · pass ${p.chunk.chunk} of ${p.chunk.chunks}` : 'Starting…';
  const parts = [
    `${p.phase === 'polish' ? 'Polish' : 'Iteration'} ${p.iteration}`,
    `cost ${formatNumber(p.cost, 4)}`,
    `‖g‖ ${formatNumber(p.optimality, 2)}`,
    `step ${formatNumber(p.stepNorm, 2)}`,
    `${(p.elapsedMs / 1000).toFixed(1)} s`,
  ];
  if (p.chunk?.passIndex !== undefined) parts.push(streamedPass(p.chunk));
  else if (p.chunk && p.chunk.chunks > 1) parts.push(`${p.chunk.pass} chunk ${p.chunk.chunk}/${p.chunk.chunks}`);
  return parts.join(' · ');
}

/** A streamed fit's place (issue 12): "pass 3 · chunk 12/40" over the chunks in browser storage. */
function streamedPass(c: NonNullable<FitProgress['chunk']>): string {
  return `pass ${c.passIndex} · chunk ${c.chunk}/${c.chunks}`;
}
