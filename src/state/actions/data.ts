/** Data actions: load a file, pasted text or a sample; choose columns; how the plot draws. */
import { NO_BATCH } from '../slices/batch';
import { callback, getClient } from '../../client/worker';
import type { LoadOptions, Status, TableInput, TableSummary } from '../../worker/api';
import { defaultMapping, type Mapping, type Source } from '../slices/data';
import { prefersLogX, type PlotSettings } from '../slices/settings';
import { getState, setState } from '../store';
import { refreshCurve } from './curve';
import { refreshGroups } from './groups';
import { reanalyzeModel } from './model';
import { plotRequest } from '../requests/plot';
import { viewKey, zoomRange } from '../view';
import { withModelColumns } from '../modelColumns';

/** What a table was read from, kept so that it can be read again with other options. */
type Input = { readonly kind: 'blob'; readonly blob: Blob; readonly name: string; readonly options: LoadOptions } | { readonly kind: 'text'; readonly text: string; readonly name: string; readonly options: LoadOptions };

/** The input of the table on the page (null: none, or one the page does not hold). */
let current: Input | null = null;
/** The input of the load in flight: it becomes `current` if its table is adopted. */
let incoming: Input | null = null;

/**
 * A restored session's table, with the input it was read from when the session kept it: the page
 * can then read it again with other options ("First row is header") as before the reload.
 */
export async function adoptRestoredTable(status: Status<TableSummary & { readonly input: TableInput | null }>, source: Source, mapping?: Mapping): Promise<boolean> {
  const input = status.ok ? status.value.input : null;
  incoming = input === null ? null : input.kind === 'blob' ? { kind: 'blob', blob: input.blob, name: source.name, options: input.options } : { kind: 'text', text: input.text, name: source.name, options: input.options };
  return adoptTable(status, source, mapping);
}

/** Adopts a loaded table (or reports why it could not load; the previous data stay). */
export async function adoptTable(status: Status<TableSummary>, source: Source, mapping?: Mapping): Promise<boolean> {
  const input = incoming;
  incoming = null;
  if (!status.ok) {
    setState({ loading: null, loadError: status.error });
    return false;
  }
  current = input;
  const table = status.value;
  // Identifiers and text columns (categories) are skipped by the default mapping (data/defaultColumns.ts).
  const next = mapping ?? defaultMapping(table.columns, getState().mapping);
  // Results of the previous data describe other data: they go; what the user entered stays.
  setState({
    table,
    source,
    streamGone: null,
    reloadable: input !== null,
    loading: null,
    loadError: null,
    selection: null,
    selectionError: null,
    inline: null,
    mapping: next,
    // Groups and filter errors belong to the previous table.
    groupBy: null,
    groupList: null,
    groupError: null,
    groupPick: null,
    groupWide: false,
    filterError: null,
    ...NO_BATCH,
    plot: { ...getState().plot, plotVar: 0 },
    dataEpoch: getState().dataEpoch + 1,
    outcome: null,
    fittedSignature: null,
    fitStatus: 'idle',
    fitCancelled: false,
    fitError: null,
    curve: null,
    curveSignature: null,
    // New data settle what a link asked for (or could not give).
    pendingLink: null,
    linkError: null,
    linkNotice: null,
  });
  await applyMapping(next, true);
  return true;
}

async function readFile(file: Blob, name: string, options: LoadOptions): Promise<Status<TableSummary>> {
  setState({ loading: { name, fraction: 0, rows: 0 }, loadError: null });
  const onProgress = callback((p: { fraction: number | null; rows: number; streaming?: boolean }) => {
    if (getState().loading) setState({ loading: { name, fraction: p.fraction, rows: p.rows, streaming: p.streaming === true } });
  });
  // The budget in force when the file is read decides whether it is streamed (issue 12).
  const status = await getClient().loadFile(file, name, onProgress, { ...options, memoryBudget: getState().memoryBudget });
  incoming = { kind: 'blob', blob: file, name, options };
  return status;
}

async function readText(text: string, name: string, options: LoadOptions): Promise<Status<TableSummary>> {
  setState({ loading: { name, fraction: null, rows: 0 }, loadError: null });
  const status = await getClient().loadText(text, name, options);
  incoming = { kind: 'text', text, name, options };
  return status;
}

export async function loadFile(file: Blob, name: string, kind: Source['kind'] = 'file', mapping?: Mapping, sampleId: string | null = null): Promise<boolean> {
  return adoptTable(await readFile(file, name, {}), { kind, name, sampleId }, mapping);
}

export async function loadText(text: string, name = 'Pasted data'): Promise<boolean> {
  return adoptTable(await readText(text, name, {}), { kind: 'paste', name, sampleId: null });
}

/**
 * Reads the table on the page again with other options: the header row as the user says
 * (`header: true | false`), or another sheet of a workbook (its header detected afresh). The
 * mapping stays where the new table has its columns; a failure keeps the table as it was.
 */
export async function reloadTable(options: LoadOptions): Promise<boolean> {
  const input = current;
  const source = getState().source;
  if (!input || !source) return false;
  const next: LoadOptions = { ...input.options, ...options };
  const status = input.kind === 'blob' ? await readFile(input.blob, input.name, next) : await readText(input.text, input.name, next);
  return adoptTable(status, source);
}

export function cancelLoad(): void {
  void getClient().cancelLoad();
}

/** The selection the worker is computing (seconds for 10⁷ rows), the newest last. */
let selecting: Promise<void> | null = null;

/**
 * Resolves once no selection is being computed: Fit waits on it, since between a load and the
 * worker's answer the columns are chosen but the store has no selection yet.
 */
export async function selectionSettled(): Promise<void> {
  while (selecting) await selecting;
}

/** Sends the mapping to the worker and takes back the selection (rows, dropped, points). */
async function applyMapping(mapping: Mapping, fresh = false): Promise<void> {
  const work = selectMapping(mapping, fresh);
  selecting = work;
  try {
    await work;
  } finally {
    if (selecting === work) selecting = null;
  }
}

/** The σ of x columns still in x (issue 24): a column that left x takes its σ with it; none: absent. */
function withSigmaXOf(mapping: Mapping): Mapping {
  if (mapping.sigmaX === undefined) return mapping;
  const kept = Object.entries(mapping.sigmaX).filter(([x]) => mapping.x.includes(x));
  if (kept.length === Object.keys(mapping.sigmaX).length && kept.length > 0) return mapping;
  const { sigmaX: _dropped, ...rest } = mapping;
  return kept.length > 0 ? { ...rest, sigmaX: Object.fromEntries(kept) } : rest;
}

async function selectMapping(chosen: Mapping, fresh: boolean): Promise<void> {
  // The columns the model names are variables (as on the command line: state/modelColumns.ts).
  const before = getState();
  const { x, named } = withModelColumns(chosen, before);
  const same = x.length === chosen.x.length && x.every((name, i) => name === chosen.x[i]);
  const mapping = withSigmaXOf(same ? chosen : { ...chosen, x: [...x] });
  if (before.plot.plotVar >= Math.max(1, x.length)) setState({ plot: { ...before.plot, plotVar: 0 } });
  // (Other plotted x or y columns are another view: the zoom lapses with it, state/view.ts.)
  setState({ mapping, modelNamedX: named });
  reanalyzeModel();
  const status = await getClient().select(mapping, plotRequest(getState()));
  if (getState().mapping !== mapping) return;
  if (!status.ok) {
    setState({ selection: null, selectionError: status.error });
  } else {
    setState({ selection: status.value, selectionError: null });
    const r = status.value.ranges[getState().plot.plotVar];
    if (fresh && r && prefersLogX(r.min, r.max) !== getState().plot.logX) {
      await setPlot({ logX: prefersLogX(r.min, r.max) });
      return;
    }
  }
  refreshCurve();
}

export async function setMapping(patch: Partial<Mapping>): Promise<void> {
  const s = getState();
  const mapping = { ...s.mapping, ...patch };
  if (patch.x && s.plot.plotVar >= patch.x.length) setState({ plot: { ...s.plot, plotVar: 0 } });
  await applyMapping(mapping);
  // A wide file's y columns are the columns besides x and σ: other x or σ, other groups.
  if (s.groupWide && (patch.x !== undefined || patch.sigma !== undefined)) await refreshGroups();
}

/** Plot settings; a new x variable, log x or the end of a zoom (log y resets it) needs the data
 *  drawn again. */
export async function setPlot(patch: Partial<PlotSettings>): Promise<void> {
  const s = getState();
  const plot = { ...s.plot, ...patch };
  setState({ plot });
  const after = getState();
  const redraw = plot.plotVar !== s.plot.plotVar || plot.logX !== s.plot.logX || zoomRange(after) !== zoomRange(s);
  if (redraw) await redrawData();
}

let redraws = 0;

/** The data drawn again for the current plot settings and zoom; the newest request wins. */
async function redrawData(): Promise<void> {
  const s = getState();
  const ticket = ++redraws;
  if (s.selection) {
    const status = await getClient().select(s.mapping, plotRequest(s));
    if (status.ok && ticket === redraws) setState({ selection: status.value });
  }
  refreshCurve();
}

/** The figure showed another view (its uirevision changed, so Plotly dropped the zoom): forget it. */
export function forgetZoom(): void {
  if (getState().plotRange !== null) setState({ plotRange: null });
}

/**
 * The plot zoomed to [lo, hi] on x (data units), or back to the whole data (null): large data are
 * decimated again for the view, and the curve's grid follows it, so zooming shows real detail.
 */
export async function setPlotRange(range: readonly [number, number] | null): Promise<void> {
  const s = getState();
  const next = range && Number.isFinite(range[0]) && Number.isFinite(range[1]) && range[1] > range[0] ? ([range[0], range[1]] as const) : null;
  const now = zoomRange(s);
  if (next === now || (next && now && next[0] === now[0] && next[1] === now[1])) return;
  setState({ plotRange: next && { key: viewKey(s), range: next } });
  await redrawData();
}

/** After the model changed: the columns it names join the x variables (and those it no longer
 *  names leave), as when the columns change (selectMapping). */
export async function followModelColumns(): Promise<void> {
  const s = getState();
  if (!s.table) return;
  const { x } = withModelColumns(s.mapping, s);
  if (x.length !== s.mapping.x.length || x.some((name, i) => name !== s.mapping.x[i])) await setMapping({});
}
