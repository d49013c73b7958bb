/** Figure options for image exports (issue 13): text as typed, sizes clamped into their limits. */
import { clampFigureNumber, type FigureOptions } from '../slices/figure';
import { getState, setState } from '../store';

export function setFigureText(key: 'title' | 'xLabel' | 'yLabel', value: string): void {
  setState({ figure: { ...getState().figure, [key]: value.slice(0, 200) } });
}

/** A size or font from its field; text that is not a number leaves the option as it was. */
export function setFigureNumber(key: 'width' | 'height' | 'fontSize', value: number): FigureOptions {
  const v = clampFigureNumber(key, value);
  if (v !== null) setState({ figure: { ...getState().figure, [key]: v } });
  return getState().figure;
}
