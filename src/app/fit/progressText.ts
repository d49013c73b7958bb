/** The progress line of a running fit, in words and numbers. */
import type { FitProgress } from '../../worker/api';
import { formatNumber } from '../format/number';

export function progressText(p: FitProgress | null): string {
  if (!p || p.phase === 'start') return p?.chunk ? `Starting · pass ${p.chunk.chunk} of ${p.chunk.chunks}` : 'Starting…';
  const parts = [
    `${p.phase === 'polish' ? 'Polish' : 'Iteration'} ${p.iteration}`,
    `cost ${formatNumber(p.cost, 4)}`,
    `‖g‖ ${formatNumber(p.optimality, 2)}`,
    `step ${formatNumber(p.stepNorm, 2)}`,
    `${(p.elapsedMs / 1000).toFixed(1)} s`,
  ];
  if (p.chunk && p.chunk.chunks > 1) parts.push(`${p.chunk.pass} chunk ${p.chunk.chunk}/${p.chunk.chunks}`);
  return parts.join(' · ');
}
