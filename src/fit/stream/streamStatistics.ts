/**
 * The reported statistics of a streamed fit (issue 12): χ², the RSS, goodness of fit and the
 * residual diagnostics, formed over the chunks in two passes, each chunk's model values evaluated
 * again as it is read (no m-long array is ever held):
 *
 *   pass 1  model values fᵢ; χ² and RSS by the pairwise tree (pairwiseStream.ts); Σwᵢ², Σwᵢ²yᵢ (the
 *           weighted mean of y), Σln wᵢ², Σrᵢ (mean of the residuals), the runs of residual signs and
 *           Durbin–Watson (the previous chunk's last residual carried over the boundary), and the
 *           replicate groups' means where x is sorted (runs of equal x);
 *   pass 2  the total sum of squares about ȳ_w, the residuals' central moments (normality test),
 *           the replicates' pure-error sum of squares.
 *
 * The sums run in the in-memory loops' order (goodness.ts, diagnostics.ts and the tests they
 * call), so each equals the in-memory statistic to the last bit (streamStatistics.test.ts). What
 * needs all residuals at once is not computed and `notes` says so: the residuals are taken in x
 * order only where x is already sorted (a sort needs them all), and the replicates test needs
 * sorted x (several variables: never) and at most `maxGroups` distinct x.
 */
import type { JsKernels } from '../../model/index';
import type { ChunkSource, ChunkView } from '../../store/chunkSource';
import { DIAGNOSTICS_SORT_MAX_ROWS, type ResidualDiagnostics } from '../../stats/diagnostics';
import { goodnessFromSums, type GoodnessOfFit } from '../../stats/goodness';
import { normalityFromMoments } from '../../stats/normalityTest';
import { replicatesFromSums } from '../../stats/replicatesTest';
import { runsFromCounts } from '../../stats/runsTest';
import { DD_MAX_ROWS } from '../residuals';
import { pairwiseSquaresStream } from './pairwiseStream';
import type { PassCounter } from './streamProgress';

export interface StreamStatistics {
  readonly chi2: number;
  readonly rss: number;
  readonly stats: GoodnessOfFit;
  readonly diagnostics: ResidualDiagnostics | null;
  /** What the streamed statistics left out or did differently from the in-memory ones, in words. */
  readonly notes: string[];
}

export interface StreamStatisticsInput {
  readonly kernels: Pick<JsKernels, 'evaluate'>;
  /** The full parameter vector at the solution. */
  readonly params: Float64Array;
  readonly source: ChunkSource;
  readonly freeParameters: number;
  /** Cap on the replicate groups whose means are held (8 bytes each). */
  readonly maxGroups: number;
  readonly passes?: PassCounter;
}

/** Replicate groups of sorted x: each run of equal x is one group (its mean kept, in order). */
class GroupMeans {
  means = new Float64Array(1024);
  count = 0;
  overflow = false;
  private sw = 0;
  private swy = 0;
  private last = NaN;
  private started = false;
  constructor(private readonly cap: number) {}
  add(x: number, y: number, w2: number): void {
    if (this.started && x !== this.last) this.close();
    this.started = true;
    this.last = x;
    this.sw += w2;
    this.swy += w2 * y;
  }
  close(): void {
    if (this.count >= this.cap) this.overflow = true;
    if (!this.overflow) {
      if (this.count === this.means.length) {
        const grown = new Float64Array(Math.min(this.cap, this.means.length * 2));
        grown.set(this.means);
        this.means = grown;
      }
      this.means[this.count] = this.swy / this.sw;
    }
    this.count++;
    this.sw = 0;
    this.swy = 0;
  }
}

/** Pass 2's sums, carried from chunk to chunk. */
interface Pass2Sums {
  tss: number;
  m2: number;
  m3: number;
  m4: number;
  ssPureError: number;
  /** The replicate group of the last row, and its x. */
  g: number;
  lastX: number;
}

/**
 * Pass 2 over one chunk (f: its model values), in a function of its own so that it is optimized
 * after a few chunks, its sums in locals (streamStatistics runs once per fit, its own loops only
 * on-stack replaced). `means`: the replicate groups' means, or null (no replicates test).
 */
function pass2Chunk(sums: Pass2Sums, v: ChunkView, f: Float64Array, mean: number, meanR: number, means: Float64Array | null): void {
  const { y, w } = v;
  const x = v.vars[0];
  let { tss, m2, m3, m4, ssPureError, g, lastX } = sums;
  for (let i = 0; i < v.rows; i++) {
    const w2 = w ? w[i] * w[i] : 1;
    tss += w ? w2 * (y[i] - mean) ** 2 : (y[i] - mean) ** 2;
    const r = w ? w[i] * (y[i] - f[i]) : y[i] - f[i];
    const dr = r - meanR;
    const dr2 = dr * dr;
    m2 += dr2;
    m3 += dr2 * dr;
    m4 += dr2 * dr2;
    if (means) {
      if (g < 0 || x[i] !== lastX) g++;
      lastX = x[i];
      ssPureError += w2 * (y[i] - means[g]) ** 2;
    }
  }
  Object.assign(sums, { tss, m2, m3, m4, ssPureError, g, lastX });
}

export function streamStatistics({ kernels, params, source, freeParameters: k, maxGroups, passes }: StreamStatisticsInput): StreamStatistics {
  const m = source.rows;
  const f = new Float64Array(Math.min(m, source.chunkRows));
  const d = new Float64Array(f.length);
  const notes: string[] = [];
  const xOrdered = source.variables === 1 && source.sortedX;
  const groups = xOrdered ? new GroupMeans(maxGroups) : null;

  /** Reads chunk k and its model values (f, and d = f − y); progress after it is used. */
  const load = (kChunk: number) => {
    const view = source.read(kChunk);
    kernels.evaluate(params, view.vars, f, 0, view.rows);
    for (let i = 0; i < view.rows; i++) d[i] = f[i] - view.y[i];
    return view;
  };
  const progress = (passIndex: number, chunk: number) => passes?.onChunk?.({ pass: 'statistics', passIndex, chunk: chunk + 1, chunks: source.chunks });

  // Pass 1, driven by the pairwise tree: rows are visited in order, each chunk loaded once.
  let sw = 0;
  let swy = 0;
  let sumLogW2 = 0;
  let sumR = 0;
  let positive = 0;
  let runs = 0;
  let lastSign = 0;
  let dwNum = 0;
  let dwDen = 0;
  let previous = NaN;
  let loaded = -1;
  let view = null as ReturnType<typeof load> | null;
  const pass1 = passes ? ++passes.count : 0;
  const chunkPass1 = () => {
    const v = view!;
    const { y, w } = v;
    const x = v.vars[0];
    // The sums in locals for the chunk's loop: the closure's own variables would box every double
    // written (a heap number per row and sum, most of the pass's time at 10⁷ rows).
    let [sw1, swy1, sumLogW21, sumR1, positive1, runs1, lastSign1, dwNum1, dwDen1, previous1] = [sw, swy, sumLogW2, sumR, positive, runs, lastSign, dwNum, dwDen, previous];
    for (let i = 0; i < v.rows; i++) {
      const w2 = w ? w[i] * w[i] : 1;
      if (w) {
        sw1 += w2;
        swy1 += w2 * y[i];
        sumLogW21 += Math.log(w2);
      } else swy1 += y[i];
      // The diagnostics' residual: observed − fitted, weighted.
      const r = w ? w[i] * (y[i] - f[i]) : y[i] - f[i];
      sumR1 += r;
      const s = r >= 0 ? 1 : -1;
      if (s > 0) positive1++;
      if (s !== lastSign1) runs1++;
      lastSign1 = s;
      dwDen1 += r * r;
      if (v.start + i > 0) dwNum1 += (r - previous1) ** 2;
      previous1 = r;
      if (groups) groups.add(x[i], y[i], w2);
    }
    [sw, swy, sumLogW2, sumR, positive, runs, lastSign, dwNum, dwDen, previous] = [sw1, swy1, sumLogW21, sumR1, positive1, runs1, lastSign1, dwNum1, dwDen1, previous1];
  };
  const cursor = {
    d,
    w: null as Float64Array | null,
    loadedEnd: 0,
    at(i: number): number {
      const kChunk = Math.floor(i / source.chunkRows);
      if (kChunk !== loaded) {
        if (loaded >= 0) progress(pass1, loaded);
        view = load(kChunk);
        loaded = kChunk;
        cursor.w = view.w;
        cursor.loadedEnd = view.start + view.rows;
        chunkPass1();
      }
      return i - view!.start;
    },
  };
  const { chi2, rss: rssPairwise } = pairwiseSquaresStream(m, cursor);
  if (loaded >= 0) progress(pass1, loaded);
  const rss = source.weighted ? rssPairwise : chi2;
  if (groups && m > 0) groups.close();
  if (!source.weighted) sw = m;
  const mean = swy / sw;
  const meanR = sumR / m;

  // Pass 2: sums about the means of pass 1.
  const G = groups && !groups.overflow ? groups.count : 0;
  const wantReplicates = G > 0 && m - G > 0 && G - k > 0;
  const sums: Pass2Sums = { tss: 0, m2: 0, m3: 0, m4: 0, ssPureError: 0, g: -1, lastX: NaN };
  const pass2 = passes ? ++passes.count : 0;
  for (let kChunk = 0; kChunk < source.chunks; kChunk++) {
    pass2Chunk(sums, load(kChunk), f, mean, meanR, wantReplicates ? groups!.means : null);
    progress(pass2, kChunk);
  }
  const { tss, m2, m3, m4, ssPureError } = sums;

  const stats = goodnessFromSums({ points: m, tss, sumLogW2, chi2, rss, freeParameters: k });
  if (m <= DD_MAX_ROWS) notes.push('χ² is summed in float64: the double-double re-evaluation on the decimal data is not done on streamed columns.');
  let diagnostics: ResidualDiagnostics | null = null;
  if (m >= 2) {
    if (!xOrdered && source.variables === 1) notes.push('The runs test and Durbin–Watson take the residuals in row order: x is not sorted, and sorting needs all residuals in memory.');
    if (!xOrdered && m <= DIAGNOSTICS_SORT_MAX_ROWS) notes.push('The replicates test is left out: finding replicates of unsorted or several variables needs all rows in memory.');
    // Only where the test would have a result: with all x distinct there is no pure error to test against.
    if (groups?.overflow && m - groups.count > 0 && groups.count - k > 0) notes.push(`The replicates test is left out: x has more than ${maxGroups} distinct values, whose means do not fit the memory budget.`);
    diagnostics = {
      order: xOrdered ? 'x' : 'rows',
      runs: runsFromCounts(m, positive, runs),
      normality: normalityFromMoments(m, m2 / m, m3 / m, m4 / m),
      durbinWatson: dwDen > 0 ? dwNum / dwDen : NaN,
      replicates: wantReplicates ? replicatesFromSums({ points: m, groupCount: G, ssPureError, chi2, freeParameters: k }) : null,
    };
  }
  return { chi2, rss, stats, diagnostics, notes };
}

/** Σ(wᵢyᵢ)² over the chunks, in row order (the cost's rounding level in curveFit). */
export function streamSumSquaresWY(source: ChunkSource): number {
  let wy = 0;
  for (let kChunk = 0; kChunk < source.chunks; kChunk++) {
    const { y, w, rows } = source.read(kChunk);
    for (let i = 0; i < rows; i++) wy += (w ? w[i] * y[i] : y[i]) ** 2;
  }
  return wy;
}
