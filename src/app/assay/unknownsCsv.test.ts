import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDelimitedText } from '../../data/parseText';
import type { InterpolatedUnknown } from '../../fit/interpolate';
import { unknownsCsv } from './unknownsCsv';

// The CLI's unknowns on the ELISA plate (fixtures/assay/make_elisa_cli.mjs): U1-U5 read, U6 above the curve.
const cli = JSON.parse(readFileSync(new URL('../../../fixtures/assay/elisa_cli.json', import.meta.url), 'utf8')) as { interpolated: InterpolatedUnknown[] };

describe('unknownsCsv', () => {
  it('writes every unknown with its interval exactly, and no number where there is no x̂', () => {
    const text = unknownsCsv(cli.interpolated, { x: 'conc', y: 'od' });
    const parsed = parseDelimitedText(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const t = parsed.value;
    expect(t.columns.map((c) => c.name)).toEqual(['row', 'sample', 'lines', 'n', 'od_mean', 'conc', 'lower', 'upper', 'status', 'meaning']);
    expect(t.rowCount).toBe(cli.interpolated.length);
    const col = (name: string) => t.columns.find((c) => c.name === name)!;
    cli.interpolated.forEach((u, i) => {
      expect(col('row').values[i]).toBe(u.row);
      expect(col('od_mean').values[i]).toBe(u.y);
      // Read back bit for bit (shortest round-trip decimals); no x̂: an empty cell.
      for (const [name, v] of [['conc', u.x], ['lower', u.lower], ['upper', u.upper]] as const) {
        if (v === null) expect(Number.isNaN(col(name).values[i])).toBe(true);
        else expect(col(name).values[i]).toBe(v);
      }
    });
    const lines = text.trim().split('\n');
    expect(lines[1]).toMatch(/^18,U1,18 19,2,/);
    expect(lines[6]).toMatch(/,,,,above-range,"y is above what the curve reaches/);
  });
});
