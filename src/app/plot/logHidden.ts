/**
 * Points a log axis cannot draw, said in the plot note (issue 13): plotly leaves y ≤ 0 off a log
 * y axis without a word, and under log x the worker does not send x ≤ 0 at all (decimate.ts).
 * Up to DRAW_ALL_MAX rows every usable row is sent, so the counts are exact: x from what was not
 * sent (total − drawn), y from the drawn values. Above it the series is a min/max decimation: the
 * worker counts the rows over all of them (Series.nonPositive); only a session saved before it
 * did lacks the counts, and the note then says which points, not how many.
 */
import type { GroupOverlay, Series } from '../../worker/api';
import { formatCount } from '../format/count';

export interface LogView {
  readonly logX: boolean;
  readonly logY: boolean;
  /** Smallest value of the plotted x column over the rows used. */
  readonly xMin: number;
  readonly xName: string;
  readonly yName: string;
}

export interface HiddenOnLog {
  /** Rows with x ≤ 0 under log x (exact only when the series is not decimated). */
  readonly x: number;
  /** Drawn points with y ≤ 0 under log y. */
  readonly y: number;
}

export function hiddenOnLog(data: Pick<Series, 'x' | 'y' | 'total'>, logX: boolean, logY: boolean): HiddenOnLog {
  let y = 0;
  if (logY) for (let i = 0; i < data.y.length; i++) if (!(data.y[i] > 0)) y++;
  return { x: logX ? Math.max(0, data.total - data.x.length) : 0, y };
}

const points = (n: number) => `${formatCount(n)} point${n === 1 ? '' : 's'}`;

/** "Log x: 3 points with t ≤ 0 are not drawn." or null when every point is drawn. */
export function logHiddenNote(data: Pick<Series, 'x' | 'y' | 'total' | 'decimated' | 'nonPositive'>, view: LogView): string | null {
  const xOff = view.logX && !(view.xMin > 0);
  if (data.decimated && !data.nonPositive) {
    const which = [xOff ? `${view.xName} ≤ 0` : '', view.logY && hiddenOnLog(data, false, true).y > 0 ? `${view.yName} ≤ 0` : ''].filter(Boolean);
    if (which.length === 0) return null;
    return `${which.length > 1 ? 'Log axes' : xOff ? 'Log x' : 'Log y'}: points with ${which.join(' or ')} are not drawn.`;
  }
  const all = data.decimated ? data.nonPositive : undefined;
  return hiddenText(all ? { x: view.logX ? all.x : 0, y: view.logY ? all.y : 0 } : hiddenOnLog(data, view.logX, view.logY), view);
}

/** The counts in words, or null when nothing is hidden. */
function hiddenText(h: HiddenOnLog, view: Pick<LogView, 'xName' | 'yName'>): string | null {
  const parts = [h.x > 0 ? `${points(h.x)} with ${view.xName} ≤ 0` : '', h.y > 0 ? `${points(h.y)} with ${view.yName} ≤ 0` : ''].filter(Boolean);
  if (parts.length === 0) return null;
  const many = h.x + h.y > 1;
  return `${parts.length > 1 ? 'Log axes' : h.x > 0 ? 'Log x' : 'Log y'}: ${parts.join(' and ')} ${many ? 'are' : 'is'} not drawn.`;
}

/**
 * The same note for the per-group overlay (GroupResults, GlobalResults): it holds every row of
 * each group it draws, and plotly leaves x ≤ 0 off a log x axis and y ≤ 0 off a log y axis, so
 * the counts are exact over the groups drawn (a row hidden by x is counted once, under x).
 */
export function groupLogHiddenNote(overlay: readonly Pick<GroupOverlay, 'x' | 'y'>[], view: Omit<LogView, 'xMin'>): string | null {
  if (!view.logX && !view.logY) return null;
  let x = 0;
  let y = 0;
  for (const g of overlay) {
    for (let i = 0; i < g.x.length; i++) {
      if (view.logX && !(g.x[i] > 0)) x++;
      else if (view.logY && !(g.y[i] > 0)) y++;
    }
  }
  return hiddenText({ x, y }, view);
}
