/** The parameter correlation matrix as a heatmap: blue negative, red positive, white none. */
import type { FitResult } from '../../fit/types';

/** Background of a cell: white → blue (#2f5fd0) for negative, white → red (#c2410c) for positive. */
export function cellRgb(r: number): [number, number, number] {
  if (!Number.isFinite(r)) return [241, 243, 245];
  const a = Math.min(1, Math.abs(r));
  const [R, G, B] = r < 0 ? [47, 95, 208] : [194, 65, 12];
  const mix = (c: number) => Math.round(255 + (c - 255) * a);
  return [mix(R), mix(G), mix(B)];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** White or ink, whichever contrasts more with the background (WCAG contrast ratio). */
export function inkOn(rgb: [number, number, number]): string {
  const L = luminance(rgb);
  const ink = luminance([28, 36, 48]);
  return 1.05 / (L + 0.05) > (L + 0.05) / (ink + 0.05) ? '#ffffff' : '#1c2430';
}

export function Correlation({ result }: { readonly result: FitResult }) {
  const names = result.free;
  const k = names.length;
  if (k < 2) return <p className="muted small">One free parameter: no correlations.</p>;
  return (
    <div className="corr" data-testid="result-correlation" role="table" aria-label="Parameter correlation matrix" style={{ gridTemplateColumns: `auto repeat(${k}, minmax(2.6rem, 1fr))` }}>
      <div role="row" className="corr-row">
        <span role="columnheader" />
        {names.map((n) => (
          <span role="columnheader" className="corr-head" key={n}>
            {n}
          </span>
        ))}
      </div>
      {names.map((row, i) => (
        <div role="row" className="corr-row" key={row}>
          <span role="rowheader" className="corr-head corr-rowhead">
            {row}
          </span>
          {names.map((col, j) => {
            const r = result.correlation[i * k + j];
            const rgb = cellRgb(r);
            return (
              <span role="cell" key={col} className="corr-cell" style={{ background: `rgb(${rgb.join(', ')})`, color: inkOn(rgb) }} title={`corr(${row}, ${col}) = ${Number.isFinite(r) ? r.toFixed(4) : 'undetermined'}`}>
                {i === j ? '1' : Number.isFinite(r) ? r.toFixed(2).replace(/^(-?)0\./, '$1.').replace('-', '−') : '—'}
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );
}
