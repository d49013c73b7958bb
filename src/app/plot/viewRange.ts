/**
 * The x interval on screen from a plotly_relayout event: zoom and pan give the axis range (log10
 * units on a log axis), a double-click or Autoscale gives autorange. Anything that leaves the x
 * axis alone (a y-only zoom, a resize) is not a change of view.
 */

export type ViewChange = { readonly range: readonly [number, number] | null };

const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

export function viewRangeFromRelayout(event: Readonly<Record<string, unknown>>, logX: boolean): ViewChange | null {
  if (event['xaxis.autorange'] === true) return { range: null };
  let a: number;
  let b: number;
  const whole = event['xaxis.range'];
  if (Array.isArray(whole) && whole.length === 2) {
    a = num(whole[0]);
    b = num(whole[1]);
  } else if ('xaxis.range[0]' in event && 'xaxis.range[1]' in event) {
    a = num(event['xaxis.range[0]']);
    b = num(event['xaxis.range[1]']);
  } else {
    return null;
  }
  if (!Number.isFinite(a) || !Number.isFinite(b) || a === b) return null;
  const [lo, hi] = a < b ? [a, b] : [b, a];
  return { range: logX ? [10 ** lo, 10 ** hi] : [lo, hi] };
}
