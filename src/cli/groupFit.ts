/**
 * `fitbench fit DATA --model EXPR --group COL [--shared a,b] [--compare]`: per-group batch fits
 * (src/fit/batch, over the worker pool when there are many groups), or one global fit with the
 * --shared parameters common to all groups (src/fit/global), optionally compared with the
 * per-group fits (src/fit/compare). Returns the exit code: 0 when every group converged, 1 when
 * some did not (or could not be fitted), 2 for bad input (thrown as CliError / FitInputError).
 */
import { compareFits, type FitComparison } from '../fit/compare/compareFits';
import { globalFit } from '../fit/global/globalFit';
import type { BatchResult } from '../fit/batch/types';
import { now } from '../solver/clock';
import type { FitCommand } from './args';
import { CliError, EXIT } from './errors';
import { runGpuGroupBatch } from './gpuBatch';
import { runGroupBatch } from './groupBatch';
import { fillGroupStarts } from './groupStarts';
import { groupJsonReport, groupTextReport, type GroupLine, type GroupReport } from './groupReport';
import { loadGroupedProblem } from './load';
import { parameterTable } from './parameters';

interface SplitFacts {
  readonly droppedRows: number;
  readonly filteredRows: number;
  readonly excludedRows: number;
}

function leftOutNote(f: SplitFacts): string {
  const parts = [
    f.droppedRows ? `${f.droppedRows} unusable` : '',
    f.filteredRows ? `${f.filteredRows} filtered out` : '',
    f.excludedRows ? `${f.excludedRows} excluded` : '',
  ].filter(Boolean);
  return parts.length ? ` (rows left out: ${parts.join(', ')})` : '';
}

function batchLines(result: BatchResult, facts: readonly SplitFacts[]): GroupLine[] {
  return result.rows.map((row, i) => ({
    group: row.key,
    rows: row.rows,
    success: row.success,
    status: row.status,
    code: row.code,
    message: row.rows === 0 ? row.message + leftOutNote(facts[i]) : row.message,
    params: row.params,
    stderr: row.stderr,
    cost: row.cost,
    redchi2: row.redchi2,
    r2: row.r2,
    nfev: row.nfev,
    ...facts[i],
  }));
}

export async function fitGroupsCommand(command: FitCommand): Promise<number> {
  const t0 = now();
  const loaded = loadGroupedProblem(command);
  const parseMs = now() - t0;
  const { model, split } = loaded;
  const table = parameterTable(command, model.params);
  for (const name of command.shared) {
    if (!model.params.includes(name)) throw new CliError(`--shared: the model has no parameter "${name}"; its parameters are ${model.params.join(', ')}.`);
  }
  const groups = split.groups;
  const facts: SplitFacts[] = groups.map((g) => ({ droppedRows: g.data.droppedCount, filteredRows: g.filteredCount, excludedRows: g.excludedCount }));
  const columns = [...model.variables];
  const t1 = now();
  const warnings: string[] = [...loaded.warnings];
  const { parameters, warning: startWarning } = await fillGroupStarts(model, groups, table, { starts: command.starts ?? undefined, seed: command.seed });
  if (startWarning) warnings.push(startWarning);
  let report: Omit<GroupReport, 'parseMs' | 'fitMs'>;
  const common = {
    file: command.file,
    model: command.model,
    groupColumn: split.column,
    names: model.params,
    ungroupedRows: split.ungroupedCount,
  };
  if (split.ungroupedCount > 0) warnings.push(`${split.ungroupedCount} row${split.ungroupedCount === 1 ? ' has' : 's have'} no group (empty ${split.column ?? 'group'} cell) and ${split.ungroupedCount === 1 ? 'was' : 'were'} left out.`);

  if (command.shared.length === 0) {
    const batchInput = { model, columns, groups, parameters, options: command.options, workers: command.workers };
    const { result, workers, accelerated, notes } = command.backend === 'gpu' ? await runGpuGroupBatch(batchInput) : { ...(await runGroupBatch(batchInput)), accelerated: null, notes: [] };
    warnings.push(...notes);
    report = {
      backend: accelerated ? 'gpu+cpu' : 'cpu',
      gpuBatch: accelerated,
      ...common,
      mode: 'per-group',
      shared: [],
      groups: batchLines(result, facts),
      cost: result.rows.reduce((t, r) => (Number.isFinite(r.cost) ? t + r.cost : t), 0),
      nfev: result.nfev,
      global: null,
      comparison: null,
      workers,
      warnings,
    };
  } else {
    const global = await globalFit({ model, groups, parameters, shared: command.shared, options: command.options });
    warnings.push(...global.warnings);
    let comparison: FitComparison | null = null;
    let workers = 0;
    if (command.compare) {
      const separate = await runGroupBatch({ model, columns, groups, parameters, options: command.options, workers: command.workers });
      workers = separate.workers;
      comparison = compareFits(separate.result, global);
    }
    if (command.backend === 'gpu') warnings.push('--backend gpu: global fits run on the CPU (the GPU batch kernel fits groups one by one).');
    report = {
      backend: 'cpu',
      gpuBatch: null,
      ...common,
      mode: 'global',
      shared: global.shared,
      groups: global.rows.map((row, i) => ({
        group: row.key,
        rows: row.rows,
        success: row.success,
        status: row.status,
        code: row.code,
        message: row.included ? row.message : row.message + leftOutNote(facts[i]),
        params: row.params,
        stderr: row.stderr,
        cost: row.cost,
        redchi2: null,
        r2: null,
        nfev: null,
        ...facts[i],
      })),
      cost: global.cost,
      nfev: global.nfev,
      global: { success: global.success, status: global.status, message: global.message },
      comparison,
      workers,
      warnings,
    };
  }
  const full: GroupReport = { ...report, parseMs, fitMs: now() - t1 };
  console.log(command.json ? groupJsonReport(full) : groupTextReport(full));
  return full.groups.every((g) => g.success) ? EXIT.ok : EXIT.notConverged;
}
