/**
 * Figure slice (issue 13, "figures for papers"): how the plot is written to PNG and SVG, apart from
 * how it is shown: a title, axis labels with units (empty: the column names), the image size in
 * CSS pixels (PNG is rendered at twice that) and the font size.
 */
export interface FigureOptions {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly width: number;
  readonly height: number;
  readonly fontSize: number;
}

export interface FigureSlice {
  readonly figure: FigureOptions;
}

export const FIGURE_LIMITS = { width: [200, 4000], height: [150, 4000], fontSize: [6, 48] } as const;

export const initialFigure: FigureSlice = { figure: { title: '', xLabel: '', yLabel: '', width: 800, height: 560, fontSize: 14 } };

/** The value clamped into its limits (a typed 10000 px width becomes 4000), or null when not a number. */
export function clampFigureNumber(key: keyof typeof FIGURE_LIMITS, value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const [lo, hi] = FIGURE_LIMITS[key];
  return Math.round(Math.min(Math.max(value, lo), hi));
}
