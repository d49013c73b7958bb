/** Parameter actions: values from fields and sliders, bounds, fixed, slider re-centring. */
import { atOpenEnd, toPosition } from '../sliderScale';
import { updateRow, type ParamRow } from '../slices/params';
import { getState, setState } from '../store';
import { refreshCurve } from './curve';

type Patch = Partial<Omit<ParamRow, 'name' | 'range'>>;

function patchRow(name: string, patch: Patch, keepRange: boolean): void {
  const s = getState();
  const params = s.params.map((r) => (r.name === name ? updateRow(r, patch, keepRange) : r));
  const paramErrors = new Map(s.paramErrors);
  paramErrors.delete(name);
  setState({ params, paramErrors });
  refreshCurve();
}

/** A value typed into the field (the slider range follows it); null empties it, so that Fit
 *  searches for it (issue 11). */
export function setParamValue(name: string, value: number | null): void {
  patchRow(name, { value }, false);
}

/** A value from dragging the slider: the range stays put under the pointer. */
export function slideParamValue(name: string, value: number): void {
  patchRow(name, { value }, true);
}

export function setParamBound(name: string, which: 'min' | 'max', value: number): void {
  patchRow(name, { [which]: value }, false);
}

export function setParamFixed(name: string, fixed: boolean): void {
  patchRow(name, { fixed }, true);
}

/** After a drag ends at an open end of the range, widen the range around the new value. */
export function releaseSlider(name: string): void {
  const row = getState().params.find((r) => r.name === name);
  if (row && row.value !== null && atOpenEnd(toPosition(row.value, row.range), row.range, row)) patchRow(name, {}, false);
}

/** Back to the start values of the last fit (after a fit that went astray). */
export function revertToStart(): void {
  const s = getState();
  const starts = new Map(s.outcome?.result.parameters.map((p) => [p.name, p.start]) ?? []);
  setState({ params: s.params.map((r) => (starts.has(r.name) ? updateRow(r, { value: starts.get(r.name) ?? r.value }) : r)) });
  refreshCurve();
}
