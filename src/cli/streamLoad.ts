/**
 * What a streamed CLI fit (issue 12) cannot do, in the command line's words; the streamed source
 * itself is the Node host's (src/job/node/streamIngest.ts). Whether the fit holds the columns in
 * memory or streams them is src/store/node/filePlan.ts's `planMemory` (src/store/memoryPlan.ts's
 * choice, shared with the page).
 */
import type { MemoryPlan } from '../store/memoryPlan';
import type { ParameterSpec } from '../fit/parameters';
import type { FitCommand } from './args';
import { formatBytes } from './memoryLimit';

export type { MemoryPlan };

/**
 * What a streamed fit cannot do (it needs all rows in memory): the sentence after "where", and
 * what to do instead; null when nothing.
 */
export function streamRefusal(command: FitCommand, parameters: readonly ParameterSpec[]): { what: string; fix: string | null } | null {
  const missing = parameters.some((p) => !p.fixed && (p.value === null || p.value === undefined));
  const they = (what: string) => ({ what: `${what} cannot run (they need all rows in memory)`, fix: null });
  const it = (what: string) => ({ what: `${what} cannot run (it needs all rows in memory)`, fix: null });
  if (command.group !== null || command.wide) return they('--group and --wide fits');
  if (command.where.length > 0 || command.excludeRows.length > 0) return they('row filters (--where, --exclude-rows)');
  if (missing || command.starts !== null) return { ...it('the automatic start search'), fix: 'give --p0 for every free parameter (e.g. from a fit of the first rows), or raise --memory-limit' };
  if (command.varpro) return it('--varpro');
  if (command.mle !== null) return it('--mle poisson');
  if (command.ci === 'profile') return it('--ci profile');
  if (command.compareModel) return it('--compare-model');
  if (command.report) return it('--report (its plots)');
  if (command.backend === 'gpu') return it('--backend gpu (it uploads the columns)');
  return null;
}

/** The in-memory estimate, in words, for messages. */
export function planWords(plan: MemoryPlan): string {
  return `about ${formatBytes(plan.estimateBytes ?? 0)} in memory is more than --memory-limit ${formatBytes(plan.limit)}`;
}
