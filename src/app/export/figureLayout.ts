/**
 * The plot's layout as written to an image file (issue 13): the figure options applied over the
 * layout on screen, never changing it: a title above, axis titles (the columns' names unless given,
 * units included as typed), and every font scaled to the chosen size (ticks a step smaller, as
 * journals set them). Plain data in, plain data out, so it is tested without a browser.
 */
import type { Layout } from 'plotly.js-dist-min';
import type { FigureOptions } from '../../state/slices/figure';

type AnyAxis = { title?: { text?: string; font?: Record<string, unknown> } | string; tickfont?: Record<string, unknown> } & Record<string, unknown>;

function withFont(axis: AnyAxis | undefined, text: string | null, size: number): AnyAxis | undefined {
  if (!axis) return axis;
  const title = typeof axis.title === 'object' && axis.title ? axis.title : { text: typeof axis.title === 'string' ? axis.title : '' };
  return {
    ...axis,
    title: { ...title, text: text ?? title.text, font: { ...(title.font ?? {}), size } },
    tickfont: { ...(axis.tickfont ?? {}), size: Math.max(6, Math.round(size * 0.85)) },
  };
}

const titleSize = (size: number) => Math.round(size * 1.2);
const titlePad = (size: number) => Math.round(size * 0.5);

/**
 * The top margin under a title: the title at the image's top edge, then the legend's row (the
 * screen's legend sits just above the plot area, y = 1.02 of it), then the plot. With plotly's
 * default placement the title sat in the middle of a margin the legend already filled, over it.
 * Heights as plotly lays them out: a line is ~1.3 font sizes; a legend row adds its 10 px padding
 * and its 2 % of the plot height above the plot.
 */
export function titledTop(size: number, height: number): number {
  const title = titlePad(size) + Math.round(titleSize(size) * 1.3);
  const legendRow = Math.round(Math.max(6, Math.round(size * 0.85)) * 1.3) + 10;
  return title + legendRow + Math.round(0.02 * height) + 8;
}

export function figureLayout(layout: Partial<Layout>, options: FigureOptions): Partial<Layout> {
  const size = options.fontSize;
  const l = layout as Record<string, unknown>;
  const title = options.title.trim();
  const margin = (layout.margin ?? {}) as Record<string, number>;
  return {
    ...layout,
    font: { ...((l.font as object) ?? {}), size },
    legend: { ...((l.legend as object) ?? {}), font: { ...(((l.legend as Record<string, unknown>)?.font as object) ?? {}), size: Math.max(6, Math.round(size * 0.85)) } },
    ...(title ? { title: { text: title, font: { size: titleSize(size) }, x: 0.5, xanchor: 'center', yref: 'container', y: 1, yanchor: 'top', pad: { t: titlePad(size) } } } : {}),
    margin: { ...margin, t: title ? Math.max(margin.t ?? 0, titledTop(size, options.height)) : (margin.t ?? 8) },
    xaxis: withFont(l.xaxis as AnyAxis, options.xLabel.trim() || null, size) as Layout['xaxis'],
    yaxis: withFont(l.yaxis as AnyAxis, options.yLabel.trim() || null, size) as Layout['yaxis'],
    ...(l.yaxis2 ? { yaxis2: withFont(l.yaxis2 as AnyAxis, null, size) as Layout['yaxis2'] } : {}),
  };
}
