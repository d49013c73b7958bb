/**
 * The page's assay settings as the fit job's `assay` (issue 26; the CLI's translation is
 * src/cli/assayLoad.ts; the job's outcome as the page draws it: src/job/protocol/assay.ts). The unknowns are the
 * loaded table's rows with a y and an empty x cell (src/fit/unknownRows.ts, the CLI's rule), under
 * the page's row filters and exclusions; the selection already leaves them out of the fit (their x
 * is not a number). Bad settings come back as statuses naming the assay control.
 */
import { findColumn, skipOf, ALL_ROWS, type Table } from '../data';
import { unknownRows } from '../fit/unknownRows';
import type { JobAssay } from '../job/steps/assay';
import { assayJob } from '../job/protocol/assay';
import { assayClash, clashMessage } from '../job/validate';
import type { FitJob } from '../job/job';
import type { CompiledModel } from '../model/index';
import { assayOn, predictValues } from '../share/assay';
import type { AssaySettings } from '../share/types';
import type { DataMapping, Status, WorkerError } from './api';
import { session } from './session';

const refusal = (code: string, message: string): { ok: false; error: WorkerError } => ({ ok: false, error: { code, message, field: 'assay' } });

/** The unknowns of the loaded table for the model's one variable (mapping's y, σ and rows). */
function pageUnknowns(table: Table, model: CompiledModel, mapping: DataMapping, sample: string | null): Status<NonNullable<JobAssay['unknowns']>> {
  if (model.variables.length !== 1) return refusal('assay-one-variable', clashMessage('assay-one-variable'));
  const column = (name: string) => findColumn(table, name);
  const x = column(model.variables[0]);
  const y = column(mapping.y);
  const sigma = mapping.sigma ? column(mapping.sigma) : null;
  const replicate = sample ? column(sample) : null;
  if (!x.ok || !y.ok || (sigma && !sigma.ok)) return refusal('assay-columns', 'Interpolate unknowns: choose the x and y columns first.');
  if (replicate && !replicate.ok) return refusal('assay-sample-column', `Interpolate unknowns: the replicate column "${sample}" is not in this table; pick another (or none).`);
  const found = unknownRows(table, { x: x.value, y: y.value, sigma: sigma?.ok ? sigma.value : null, sample: replicate?.ok ? replicate.value : null, skip: skipOf(session.choice ?? ALL_ROWS) });
  if (!found.ok) return refusal('assay-unknown-sigma', `Interpolate unknowns: line ${found.problem.line}'s ${mapping.sigma} cell is not a positive number; a σ-weighted fit needs each unknown's σ.`);
  if (found.value.samples.length === 0) {
    return refusal('no-unknowns', `Interpolate unknowns: no row has a ${mapping.y} value and an empty ${model.variables[0]} cell. Leave the x cell of each unknown empty, or turn the switch off.`);
  }
  return { ok: true, value: found.value.samples };
}

/** The job's assay from the page's settings (null: every switch off). */
export function pageAssayJob(settings: AssaySettings | null | undefined, model: CompiledModel, mapping: DataMapping): Status<JobAssay | null> {
  if (!settings || !assayOn(settings)) return { ok: true, value: null };
  const predict = predictValues(settings.predict);
  if (!predict.ok) return refusal('assay-predict', `Predict at x: "${predict.bad}" is not a finite number; give x values separated by commas, such as 1, 10, 100.`);
  if (predict.value && model.variables.length !== 1) return refusal('assay-one-variable', clashMessage('assay-one-variable'));
  let unknowns: JobAssay['unknowns'] = null;
  if (settings.interpolate) {
    if (!session.table) return refusal('no-data', 'Load data first.');
    const found = pageUnknowns(session.table, model, mapping, settings.sample);
    if (!found.ok) return found;
    unknowns = found.value;
  }
  return { ok: true, value: assayJob(settings, unknowns, predict.value) };
}

/** The job's assay clash in the page's words (the controls: Solver options, the assay card). */
export function pageAssayClash(job: FitJob): WorkerError | null {
  const clash = assayClash(job);
  if (!clash) return null;
  const page: Partial<Record<typeof clash, string>> = {
    'assay-needs-rows': 'The assay steps run on one fit with its rows in memory: this table is streamed from browser storage. Turn the assay switches off, or load a smaller file.',
    'rout-least-squares': 'ROUT runs its own robust fit, then least squares: set the loss to linear and the objective to least squares (Solver options), or turn ROUT off.',
  };
  return { code: clash, message: page[clash] ?? clashMessage(clash), field: 'assay' };
}
