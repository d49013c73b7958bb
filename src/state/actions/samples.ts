/** Sample datasets (public/samples): the manifest, and loading one with its model and values. */
import { makeRow, NO_PARAM_ERRORS, NO_TIES } from '../slices/params';
import type { SampleEntry } from '../slices/view';
import { getState, setState } from '../store';
import { refreshCurve } from './curve';
import { followModelColumns, loadFile } from './data';
import { setGroupBy, setGroupWide } from './groups';
import { setModelText } from './model';
import { sampleAssay } from '../../share/assay';
import { setGroupMode } from './global';
import { setRandom } from './mixed';

const base = (): string => new URL('samples/', document.baseURI).href;

export async function loadSampleList(): Promise<void> {
  try {
    const response = await fetch(`${base()}index.json`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    setState({ samples: (await response.json()) as SampleEntry[] });
  } catch {
    setState({ samples: [] });
  }
}

export async function loadSample(sample: SampleEntry): Promise<boolean> {
  setState({ loading: { name: sample.title, fraction: null, rows: 0 }, loadError: null });
  let blob: Blob;
  try {
    const response = await fetch(`${base()}${sample.file}`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    blob = await response.blob();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    setState({ loading: null, loadError: { code: 'fetch', message: `Could not fetch the sample "${sample.title}" (${why}).`, field: 'data' } });
    return false;
  }
  const mapping = { x: [...sample.x], y: sample.y, sigma: sample.sigma ?? null, ...(sample.sigmaX ? { sigmaX: { ...sample.sigmaX } } : {}) };
  if (!(await loadFile(blob, sample.file, 'sample', mapping, sample.id))) return false;
  // A sample brings its own model: ties written for the earlier one (a link's) would constrain its
  // parameters of the same names without a word (issue 27), so it starts untied.
  // Its assay switches too (issue 26): the ELISA plate reads its unknowns off the curve in one
  // click; any other sample starts with them off (an earlier sample's unknowns are not its own).
  setState({ ties: NO_TIES, assay: sampleAssay(sample.assay) });
  setModelText(sample.model, sample.library ?? null);
  // The sample's own model decides which columns are variables (the page's earlier one named others).
  await followModelColumns();
  const s = getState();
  // Own entries only: a parameter typed as `constructor` must not find Object's member.
  const start = (name: string) => (Object.prototype.hasOwnProperty.call(sample.params, name) ? sample.params[name] : undefined);
  setState({ params: s.params.map((r) => (start(r.name) !== undefined ? makeRow(r.name, { value: start(r.name) }) : r)), paramErrors: NO_PARAM_ERRORS });
  refreshCurve();
  if (sample.group) await setGroupBy(sample.group);
  if (sample.wide) await setGroupWide(true);
  // A grouped sample made for a mixed-effects model opens in that mode, its random effects marked.
  if (sample.group && sample.random) {
    for (const name of sample.random) setRandom(name, true);
    setGroupMode('mixed');
  }
  return true;
}
