/** Plot colours and fonts, matching the page's tokens (src/styles/tokens.css). */
import type { Config, Layout, LayoutAxis } from 'plotly.js-dist-min';
export const PLOT_FONT = '"Fira Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const COLORS = {
  data: '#334155',
  dataFill: 'rgba(51, 65, 85, 0.7)',
  curve: '#c2410c',
  confidence: 'rgba(194, 65, 12, 0.20)',
  prediction: 'rgba(194, 65, 12, 0.09)',
  residual: '#2f5fd0',
  excluded: '#b91c1c',
  grid: '#e7eaee',
  axis: '#5b6675',
  zero: '#9aa3ae',
  text: '#1c2430',
};

export const BASE_LAYOUT: Partial<Layout> = {
  font: { family: PLOT_FONT, size: 12, color: COLORS.text },
  paper_bgcolor: 'rgba(0,0,0,0)',
  plot_bgcolor: '#ffffff',
  hoverlabel: { font: { family: PLOT_FONT, size: 12 } },
  showlegend: true,
};

export function axis(title: string, extra: Partial<LayoutAxis> = {}): Partial<LayoutAxis> {
  return {
    title: { text: title, font: { size: 12, color: COLORS.axis }, standoff: 8 },
    gridcolor: COLORS.grid,
    zerolinecolor: COLORS.grid,
    linecolor: '#cfd5dc',
    showline: true,
    mirror: false,
    ticks: 'outside',
    tickcolor: '#cfd5dc',
    ticklen: 4,
    tickfont: { size: 11, color: COLORS.axis },
    automargin: true,
    exponentformat: 'power',
    ...extra,
  };
}

// showTips off: plotly's "Double-click to zoom back out" notice is fixed to the window's top
// right, over the page's own controls (the log toggles); the plot note says it instead.
export const PLOT_CONFIG: Partial<Config> = { displaylogo: false, showTips: false, responsive: false, modeBarButtonsToRemove: ['lasso2d', 'toImage'], toImageButtonOptions: { format: 'png' } };
