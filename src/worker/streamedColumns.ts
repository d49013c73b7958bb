/**
 * Whether a streamed table's chosen columns can be fitted as they are (issue 12): a streamed fit
 * reads every stored row, so it cannot leave out rows whose x, y or σ is empty or not a number, or
 * whose σ is ≤ 0, as the in-memory selection does. The ingest counted those cells per column
 * (src/store/columnFiles.ts); this says which column has them, or null.
 */
import type { ColumnMapping } from '../share/types';
import type { StreamedTable } from './streamIngest';

export function streamedColumnProblem(stream: StreamedTable, mapping: Pick<ColumnMapping, 'x' | 'y' | 'sigma'>): string | null {
  const names = [...mapping.x, mapping.y, ...(mapping.sigma ? [mapping.sigma] : [])];
  for (const name of names) {
    const c = stream.names.indexOf(name);
    if (c < 0) return `Column "${name}" is not among the streamed numeric columns (${stream.names.join(', ')})`;
    const bad = stream.facts[c].nonFinite;
    if (bad > 0) return `Column "${name}" has ${bad.toLocaleString('en-US')} cell${bad === 1 ? '' : 's'} that ${bad === 1 ? 'is' : 'are'} empty or not a number, and a streamed fit cannot leave rows out`;
    const low = stream.facts[c].nonPositive;
    if (name === mapping.sigma && low > 0) return `σ column "${name}" has ${low.toLocaleString('en-US')} value${low === 1 ? '' : 's'} ≤ 0, and a streamed fit cannot leave rows out`;
  }
  return null;
}
