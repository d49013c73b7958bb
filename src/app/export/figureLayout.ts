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

export function figureLayout(layout: Partial<Layout>, options: FigureOptions): Partial<Layout> {
  const size = options.fontSize;
  const l = layout as Record<string, unknown>;
  const title = options.title.trim();
  const margin = (layout.margin ?? {}) as Record<string, number>;
  return {
    ...layout,
    font: { ...((l.font as object) ?? {}), size },
    legend: { ...((l.legend as object) ?? {}), font: { ...(((l.legend as Record<string, unknown>)?.font as object) ?? {}), size: Math.max(6, Math.round(size * 0.85)) } },
    ...(title ? { title: { text: title, font: { size: Math.round(size * 1.2) }, x: 0.5, xanchor: 'center' } } : {}),
    margin: { ...margin, t: title ? Math.max(margin.t ?? 0, Math.round(size * 3)) : (margin.t ?? 8) },
    xaxis: withFont(l.xaxis as AnyAxis, options.xLabel.trim() || null, size) as Layout['xaxis'],
    yaxis: withFont(l.yaxis as AnyAxis, options.yLabel.trim() || null, size) as Layout['yaxis'],
    ...(l.yaxis2 ? { yaxis2: withFont(l.yaxis2 as AnyAxis, null, size) as Layout['yaxis2'] } : {}),
  };
}
