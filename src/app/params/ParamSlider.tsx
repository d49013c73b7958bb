/** A parameter's slider: linear or logarithmic over a range that stays put while dragging;
 *  arrow keys step by 1/1000 of the range, Page Up/Down by a tenth. */
import { fromPosition, SLIDER_STEPS, toPosition } from '../../state/sliderScale';
import type { ParamRow } from '../../state/slices/params';
import { releaseSlider, slideParamValue } from '../../state/actions/params';
import { formatNumber } from '../format/number';

export function ParamSlider({ row, disabled }: { readonly row: ParamRow; readonly disabled: boolean }) {
  // An empty start value sits mid-range until the slider is moved (which gives it a value).
  const position = row.value === null ? SLIDER_STEPS / 2 : toPosition(row.value, row.range);
  return (
    <input
      type="range"
      className={`slider${row.range.log ? ' slider-log' : ''}${row.value === null ? ' slider-empty' : ''}`}
      min={0}
      max={SLIDER_STEPS}
      step={1}
      value={position}
      disabled={disabled}
      aria-label={`${row.name} slider${row.range.log ? ' (logarithmic)' : ''}`}
      aria-valuetext={row.value === null ? 'empty: Fit searches for it' : formatNumber(row.value, 5)}
      data-testid={`param-slider-${row.name}`}
      onChange={(e) => slideParamValue(row.name, fromPosition(Number(e.target.value), row.range))}
      onPointerUp={() => releaseSlider(row.name)}
      onKeyUp={(e) => e.key.startsWith('Arrow') || e.key.startsWith('Page') || e.key === 'Home' || e.key === 'End' ? releaseSlider(row.name) : undefined}
    />
  );
}
