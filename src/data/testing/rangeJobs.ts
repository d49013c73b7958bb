/**
 * For tests of the parallel parse's claims (rangeClaim.test, data/node/rangeTask.test): every range
 * after the head as a job, with the head's settings as the calling thread finds them, each into
 * its own `rows`-row storage starting at line 1 (the claims are under test, not the slots).
 */
import { createByteIngest } from '../byteIngest';
import { rangeSettings, type RangeJob } from '../rangeParse';

export function rangeJobs(bytes: Uint8Array, cuts: readonly number[], rows: number): RangeJob[] {
  const head = createByteIngest({}, null);
  head.push(bytes.subarray(0, cuts[1]));
  if (!head.stage) throw new Error('the head was not sniffed: make the first range longer');
  const settings = rangeSettings(head.stage.builder, head.stage.delimiter);
  if (!settings) throw new Error('the head has no width yet');
  const storage = () => ({ values: Array.from({ length: settings.count }, () => new Float64Array(rows)), lo: null, lines: new Int32Array(rows) });
  return cuts.slice(1, -1).map((start, i) => ({ start, end: cuts[i + 2] as number, settings, firstLine: 1, storage: storage() }));
}
