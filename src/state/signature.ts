/** A string that changes whenever what a curve or a fit depends on changes. */
import type { AppState } from './store';
import { zoomRange } from './view';

export function curveSignature(s: Pick<AppState, 'modelText' | 'mapping' | 'params' | 'plot' | 'plotRange' | 'source' | 'dataEpoch'>): string {
  const m = s.mapping;
  const values = s.params.map((p) => `${p.name}=${p.value}`).join(',');
  return `${s.modelText}|${m.x.join(',')}|${m.y}|${m.sigma ?? ''}|${values}|${s.plot.plotVar}|${s.plot.logX}|${zoomRange(s)?.join(':') ?? ''}`;
}

export function fitSignature(s: Pick<AppState, 'modelText' | 'mapping' | 'params'>): string {
  const m = s.mapping;
  const rows = s.params.map((p) => `${p.name}=${p.value}:${p.min}:${p.max}:${p.fixed}`).join(',');
  return `${s.modelText}|${m.x.join(',')}|${m.y}|${m.sigma ?? ''}|${rows}`;
}
