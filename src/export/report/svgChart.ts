/**
 * A small static chart as SVG text, for the printable report (no script, no fonts to load, crisp
 * in print): scatter points, lines (solid or dashed), histogram bars, error bars (± one σ in x
 * and y, for errors in both variables), and labelled reference lines, on linear axes with nice
 * ticks. Pure: data in, SVG text out.
 */
import { escapeHtml } from './escape';
import { niceTicks, tickLabel } from './niceTicks';

export type ChartSeries =
  | { readonly kind: 'markers'; readonly x: readonly number[]; readonly y: readonly number[]; readonly color: string; readonly label?: string }
  | { readonly kind: 'line'; readonly x: readonly number[]; readonly y: readonly number[]; readonly color: string; readonly dash?: boolean; readonly label?: string }
  | { readonly kind: 'bars'; readonly edges: readonly number[]; readonly heights: readonly number[]; readonly color: string; readonly label?: string }
  | { readonly kind: 'errorbars'; readonly x: readonly number[]; readonly y: readonly number[]; readonly dx: readonly number[] | null; readonly dy: readonly number[] | null; readonly color: string; readonly label?: string };

export interface ReferenceLine {
  readonly axis: 'x' | 'y';
  readonly at: number;
  readonly label?: string;
  readonly color?: string;
}

export interface ChartSpec {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly series: readonly ChartSeries[];
  readonly lines?: readonly ReferenceLine[];
  readonly width?: number;
  readonly height?: number;
  /** Include y = 0 in the y range (histograms). */
  readonly yFromZero?: boolean;
}

const M = { l: 62, r: 14, t: 26, b: 42 };
/** Width of a character of the 11 px legend text, generously (system-ui averages ~6 px). */
const LEGEND_CHAR_PX = 6.2;
const f1 = (v: number) => (Math.round(v * 10) / 10).toString();

function extent(values: Iterable<number>): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) if (Number.isFinite(v)) (lo = Math.min(lo, v)), (hi = Math.max(hi, v));
  return [lo, hi];
}

/** v ± d at each point: an error bar's ends belong to the axis range. */
function* spread(v: readonly number[], d: readonly number[] | null): Iterable<number> {
  if (!d) return;
  for (let i = 0; i < v.length; i++) {
    yield v[i] - d[i];
    yield v[i] + d[i];
  }
}

function* seriesX(s: ChartSeries): Iterable<number> {
  if (s.kind === 'bars') yield* s.edges;
  else if (s.kind === 'errorbars') yield* spread(s.x, s.dx);
  else yield* s.x;
}

function* seriesY(s: ChartSeries): Iterable<number> {
  if (s.kind === 'bars') yield* s.heights;
  else if (s.kind === 'errorbars') yield* spread(s.y, s.dy);
  else yield* s.y;
}

/** One path of ± d segments around each point, horizontal (x) or vertical (y). */
function errorPath(s: Extract<ChartSeries, { kind: 'errorbars' }>, sx: (v: number) => number, sy: (v: number) => number): string {
  const parts: string[] = [];
  s.x.forEach((x, i) => {
    const y = s.y[i];
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    const dx = s.dx?.[i];
    const dy = s.dy?.[i];
    if (dx !== undefined && Number.isFinite(dx)) parts.push(`M${f1(sx(x - dx))} ${f1(sy(y))}H${f1(sx(x + dx))}`);
    if (dy !== undefined && Number.isFinite(dy)) parts.push(`M${f1(sx(x))} ${f1(sy(y - dy))}V${f1(sy(y + dy))}`);
  });
  return parts.join('');
}

export function svgChart(spec: ChartSpec): string {
  const W = spec.width ?? 640;
  const H = spec.height ?? 340;
  const lines = spec.lines ?? [];
  const [x0, x1] = extent([...spec.series.flatMap((s) => [...seriesX(s)]), ...lines.filter((l) => l.axis === 'x').map((l) => l.at)]);
  const [y0, y1] = extent([...spec.series.flatMap((s) => [...seriesY(s)]), ...lines.filter((l) => l.axis === 'y').map((l) => l.at), ...(spec.yFromZero ? [0] : [])]);
  const xt = niceTicks(x0, x1, 6);
  const yt = niceTicks(y0, y1, 5);
  const pw = W - M.l - M.r;
  const ph = H - M.t - M.b;
  const sx = (v: number) => M.l + ((v - xt.lo) / (xt.hi - xt.lo)) * pw;
  const sy = (v: number) => M.t + ph - ((v - yt.lo) / (yt.hi - yt.lo)) * ph;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeHtml(spec.title)}" font-family="system-ui, sans-serif" font-size="11">`);
  out.push(`<rect x="0" y="0" width="${W}" height="${H}" fill="#fff"/>`);
  out.push(`<text x="${M.l}" y="16" font-size="12" font-weight="600" fill="#1d2530">${escapeHtml(spec.title)}</text>`);
  // Grid and tick labels.
  for (const v of xt.values) {
    const x = f1(sx(v));
    out.push(`<line x1="${x}" y1="${M.t}" x2="${x}" y2="${M.t + ph}" stroke="#e6e9ee"/>`);
    out.push(`<text x="${x}" y="${M.t + ph + 14}" text-anchor="middle" fill="#4a5563">${tickLabel(v, xt.step)}</text>`);
  }
  for (const v of yt.values) {
    const y = f1(sy(v));
    out.push(`<line x1="${M.l}" y1="${y}" x2="${M.l + pw}" y2="${y}" stroke="#e6e9ee"/>`);
    out.push(`<text x="${M.l - 6}" y="${f1(sy(v) + 3.5)}" text-anchor="end" fill="#4a5563">${tickLabel(v, yt.step)}</text>`);
  }
  out.push(`<rect x="${M.l}" y="${M.t}" width="${pw}" height="${ph}" fill="none" stroke="#9aa3ae"/>`);
  out.push(`<text x="${M.l + pw / 2}" y="${H - 8}" text-anchor="middle" fill="#1d2530">${escapeHtml(spec.xLabel)}</text>`);
  out.push(`<text transform="translate(14 ${M.t + ph / 2}) rotate(-90)" text-anchor="middle" fill="#1d2530">${escapeHtml(spec.yLabel)}</text>`);
  out.push(`<g>`);
  for (const s of spec.series) {
    if (s.kind === 'bars') {
      s.heights.forEach((h, i) => {
        const xa = sx(s.edges[i]);
        const xb = sx(s.edges[i + 1]);
        const top = sy(Math.max(h, 0));
        out.push(`<rect x="${f1(xa)}" y="${f1(top)}" width="${f1(Math.max(xb - xa - 1, 0.5))}" height="${f1(sy(0) - top)}" fill="${s.color}" fill-opacity="0.55"/>`);
      });
    } else if (s.kind === 'errorbars') {
      out.push(`<path class="errorbars" data-count="${s.x.length}" d="${errorPath(s, sx, sy)}" fill="none" stroke="${s.color}" stroke-opacity="0.6" stroke-width="1"/>`);
    } else if (s.kind === 'markers') {
      const dots = s.x.map((x, i) => (Number.isFinite(x) && Number.isFinite(s.y[i]) ? `<circle cx="${f1(sx(x))}" cy="${f1(sy(s.y[i]))}" r="2.6"/>` : '')).join('');
      out.push(`<g fill="${s.color}" fill-opacity="0.8">${dots}</g>`);
    } else {
      const d = s.x
        .map((x, i) => [x, s.y[i]])
        .filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y))
        .map(([x, y], i) => `${i ? 'L' : 'M'}${f1(sx(x))} ${f1(sy(y))}`)
        .join('');
      out.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="1.8"${s.dash ? ' stroke-dasharray="5 4"' : ''}/>`);
    }
  }
  // Each reference line's label goes to the end of the line farther from the data and curves
  // (the profile's "95%" sat on the curve's end point at the top right).
  const points = spec.series.flatMap((s) => (s.kind === 'bars' || s.kind === 'errorbars' ? [] : s.x.map((x, i) => [sx(x), sy(s.y[i])] as const).filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b))));
  const clearance = (px: number, py: number) => points.reduce((d, [a, b]) => Math.min(d, Math.hypot(a - px, b - py)), Infinity);
  for (const l of lines) {
    const color = l.color ?? '#8a5a00';
    if (l.axis === 'y') {
      const y = f1(sy(l.at));
      out.push(`<line x1="${M.l}" y1="${y}" x2="${M.l + pw}" y2="${y}" stroke="${color}" stroke-dasharray="3 3"/>`);
      if (l.label) {
        const left = clearance(M.l + 20, sy(l.at)) > clearance(M.l + pw - 20, sy(l.at));
        out.push(`<text x="${f1(left ? M.l + 4 : M.l + pw - 4)}" y="${f1(sy(l.at) - 4)}" text-anchor="${left ? 'start' : 'end'}" fill="${color}">${escapeHtml(l.label)}</text>`);
      }
    } else {
      const x = f1(sx(l.at));
      out.push(`<line x1="${x}" y1="${M.t}" x2="${x}" y2="${M.t + ph}" stroke="${color}" stroke-dasharray="3 3"/>`);
      if (l.label) {
        const bottom = clearance(sx(l.at) + 12, M.t + ph - 8) > clearance(sx(l.at) + 12, M.t + 8);
        out.push(`<text x="${f1(sx(l.at) + 4)}" y="${f1(bottom ? M.t + ph - 5 : M.t + 12)}" fill="${color}">${escapeHtml(l.label)}</text>`);
      }
    }
  }
  out.push('</g>');
  // The legend is one row in the top margin, right-aligned on the title's line: inside the plot
  // it covered data (a saturating curve's highest points sit at the top right).
  const legend = spec.series.filter((s) => s.label);
  let right = M.l + pw;
  for (const s of [...legend].reverse()) {
    const label = s.label as string;
    const x = right - 17 - LEGEND_CHAR_PX * label.length;
    out.push(`<rect x="${f1(x)}" y="8" width="12" height="8" fill="${s.color}"/><text x="${f1(x + 17)}" y="16" fill="#1d2530">${escapeHtml(label)}</text>`);
    right = x - 12;
  }
  out.push('</svg>');
  return out.join('');
}
