/**
 * A global fit with errors in both variables (issue 24): the job's `odr-groups` source with
 * `groups.mode` 'global', one ODR problem over every group's rows with the shared parameters one
 * value for all (fit/odr/globalOdrFit.ts). An implicit model, mixed effects and a comparison with
 * the per-group fits are refused before it runs (validate.ts).
 *
 *   start       where a free start is missing, one start search over the rows of all groups
 *               together (the rule of groupStarts.ts, as the per-group ODR and the global fit)
 *   fit         the ordinary weighted global fit from those starts, then the ODR global fit from
 *               it, on the CPU in this thread
 *   statistics  ODRPACK's over the stacked β (sd_beta, res_var, the δ/ε split), each group's row
 *               with its parameters, standard errors and t intervals (the global rows)
 */
import { globalOdrFit } from '../../fit/odr';
import type { GlobalRun } from '../groupRun';
import type { GroupHost } from '../groupHost';
import type { FitJob, OdrGroupsJobData } from '../job';
import { fillGroupStarts } from './groupStarts';

export async function runOdrGlobal(job: FitJob & { readonly data: OdrGroupsJobData }, shared: readonly string[], host: Pick<GroupHost, 'now' | 'global'>): Promise<GlobalRun> {
  const { model, groups } = job.data;
  const t0 = host.now();
  const { done, ...watch } = host.global ?? {};
  // start: the ordinary rows of all groups (x errors ignored) for the search.
  const pooled = groups.map((g) => ({ key: g.key, data: { vars: [...g.data.vars], y: g.data.y!, sigma: g.data.sigmaY } }));
  const { parameters, found } = await fillGroupStarts(model, pooled, job.parameters, job.start);
  const fit = await globalOdrFit({ model, groups: groups.map((g) => ({ key: g.key, data: { ...g.data, y: g.data.y! } })), parameters, shared, options: job.options, ...watch });
  done?.();
  const global = fit.global;
  return { mode: 'global', rows: global.rows, global, odr: fit, separate: null, comparison: null, starts: found, notes: [...global.warnings], workers: 0, fitMs: host.now() - t0 };
}
