/** A string that changes whenever what a curve or a fit depends on changes. */
import type { RowSpec } from '../share/types';
import type { AppState } from './store';

/** The rows part of a signature: filters and excluded lines change what a fit sees. */
export function rowsKey(rows: RowSpec | undefined): string {
  return rows ? `${rows.where.join('\u0000')}#${rows.exclude.join(',')}` : '';
}
import { zoomRange } from './view';

/** The ties part (written only when there are ties, so that signatures saved before ties read the same). */
function tiesKey(ties: AppState['ties'] | undefined): string {
  return ties && ties.length > 0 ? `|tie:${ties.map((t) => `${t.name}=${t.expression}`).join('\u0000')}` : '';
}

export function curveSignature(s: Pick<AppState, 'modelText' | 'mapping' | 'params' | 'plot' | 'plotRange' | 'source' | 'dataEpoch' | 'settings' | 'ties'>): string {
  const m = s.mapping;
  const values = s.params.map((p) => `${p.name}=${p.value}`).join(',');
  return `${s.modelText}|${m.x.join(',')}|${m.y}|${m.sigma ?? ''}|${s.settings.weights ?? ''}|${s.settings.objective ?? ''}|${rowsKey(m.rows)}|${values}|${s.plot.plotVar}|${s.plot.logX}|${zoomRange(s)?.join(':') ?? ''}${tiesKey(s.ties)}`;
}

export function fitSignature(s: Pick<AppState, 'modelText' | 'mapping' | 'params' | 'ties'>): string {
  const m = s.mapping;
  const rows = s.params.map((p) => `${p.name}=${p.value}:${p.min}:${p.max}:${p.fixed}`).join(',');
  return `${s.modelText}|${m.x.join(',')}|${m.y}|${m.sigma ?? ''}|${rowsKey(m.rows)}|${rows}${tiesKey(s.ties)}`;
}

/** Whether the page's results (outcome) are its last fit's and still describe the page: nothing a
 *  fit depends on (fitSignature) changed since. */
export function resultsFresh(s: Pick<AppState, 'outcome' | 'fittedSignature' | 'modelText' | 'mapping' | 'params' | 'ties'>): boolean {
  return s.outcome !== null && s.fittedSignature !== null && s.fittedSignature === fitSignature(s);
}
