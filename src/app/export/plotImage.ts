/**
 * The main plot as PNG (twice the on-screen pixels, for print) or SVG, rendered by Plotly.toImage
 * from the figure on screen with an opaque background, and checked before it is offered.
 */
import { loadPlotly } from '../plot/plotlyLoader';
import { checkPng, checkSvg, dataUrlBytes, dataUrlText } from './imageCheck';

export type PlotImage = { ok: true; blob: Blob } | { ok: false; message: string };

export async function plotImage(format: 'png' | 'svg'): Promise<PlotImage> {
  const gd = document.querySelector<HTMLElement>('[data-testid="main-plot"]');
  if (!gd || gd.getAttribute('data-rendered') !== 'true') return { ok: false, message: 'The plot has not been drawn yet.' };
  const box = gd.getBoundingClientRect();
  const width = Math.max(400, Math.round(box.width));
  const height = Math.max(300, Math.round(box.height));
  let url: string;
  try {
    const Plotly = await loadPlotly();
    url = await Plotly.toImage(gd, { format, width, height, scale: format === 'png' ? 2 : 1, setBackground: 'opaque' });
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
