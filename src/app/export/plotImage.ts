/**
 * The main plot as PNG (twice the chosen pixels, for print) or SVG, rendered by Plotly.toImage
 * from the figure on screen with the figure options applied (title, axis labels, size, font;
 * figureLayout.ts) and an opaque background, and checked before it is offered.
 */
import type { Data, Layout } from 'plotly.js-dist-min';
import { getState } from '../../state';
import { loadPlotly } from '../plot/plotlyLoader';
import { figureLayout } from './figureLayout';
import { checkPng, checkSvg, dataUrlBytes, dataUrlText } from './imageCheck';

export type PlotImage = { ok: true; blob: Blob } | { ok: false; message: string };

export async function plotImage(format: 'png' | 'svg'): Promise<PlotImage> {
  const gd = document.querySelector<HTMLElement>('[data-testid="main-plot"]');
  if (!gd || gd.getAttribute('data-rendered') !== 'true') return { ok: false, message: 'The plot has not been drawn yet.' };
  const options = getState().figure;
  const shown = gd as HTMLElement & { data?: Data[]; layout?: Partial<Layout> };
  let url: string;
  try {
    const Plotly = await loadPlotly();
    // A figure of its own: the screen's traces with the layout for print (the plot on screen stays as it is).
    const figure = { data: shown.data ?? [], layout: figureLayout(shown.layout ?? {}, options) };
    url = await Plotly.toImage(figure, { format, width: options.width, height: options.height, scale: format === 'png' ? 2 : 1, setBackground: 'opaque' });
  } catch (error) {
    return { ok: false, message: `Plotly could not render the image (${error instanceof Error ? error.message : String(error)}).` };
  }
  if (format === 'png') {
    const bytes = dataUrlBytes(url);
    const bad = checkPng(bytes);
    return bad ? { ok: false, message: `The exported PNG is not usable: ${bad}.` } : { ok: true, blob: new Blob([bytes], { type: 'image/png' }) };
  }
  const text = dataUrlText(url);
  const bad = checkSvg(text);
  return bad ? { ok: false, message: `The exported SVG is not usable: ${bad}.` } : { ok: true, blob: new Blob([text], { type: 'image/svg+xml' }) };
}
