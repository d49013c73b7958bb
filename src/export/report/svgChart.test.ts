/**
 * Issue 27 (smaller items): the report's legend sat inside the plot over the data (a saturating
 * curve's highest points are at the top right), and the profile's "95%" label under the curve's
 * end point. The legend now stands in the top margin, above the plot area; a reference line's
 * label at the end of the line farther from the points.
 */
import { describe, expect, it } from 'vitest';
import { svgChart } from './svgChart';

const plotTop = 26; // svgChart's top margin: the plot area starts there.

describe('svgChart', () => {
  it('draws the legend above the plot area, never over a point', () => {
    const x = [0.02, 0.06, 0.11, 0.22, 0.56, 1.1];
    const y = x.map((c) => (212 * c) / (0.064 + c));
    const svg = svgChart({ title: 'Data and fitted curve', xLabel: 'conc', yLabel: 'rate', series: [{ kind: 'markers', x, y, color: '#36c', label: 'data' }, { kind: 'line', x, y, color: '#c33', label: 'fit' }] });
    const swatches = [...svg.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="12" height="8"[^>]*\/><text[^>]*>([^<]*)</g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), label: m[3] }));
    expect(swatches).toHaveLength(2);
    for (const s of swatches) expect(s.y + 8).toBeLessThanOrEqual(plotTop);
    // One row, in the series' order, left to right.
    expect(swatches[0].y).toBe(swatches[1].y);
    const at = (label: string) => swatches.find((s) => s.label === label)!.x;
    expect(at('data')).toBeLessThan(at('fit'));
  });

  it('labels a reference line at its end away from the curve', () => {
    // A profile: τ rises from −2.2 at the left to +2.2 at the right; the +2.2 line is labelled
    // at the left (the curve ends at the right on it), the −2.2 line at the right.
    const x = [0.046, 0.05, 0.06, 0.07, 0.08, 0.086];
    const tau = [-2.25, -1.8, -0.6, 0.7, 1.6, 2.25];
    const svg = svgChart({
      title: 'Profile',
      xLabel: 'K',
      yLabel: 'τ',
      series: [{ kind: 'line', x, y: tau, color: '#c33' }],
      lines: [{ axis: 'y', at: 2.2, label: '95% up' }, { axis: 'y', at: -2.2, label: '95% down' }],
    });
    expect(svg).toMatch(/text-anchor="start"[^>]*>95% up</);
    expect(svg).toMatch(/text-anchor="end"[^>]*>95% down</);
  });
});
