/**
 * What a streamed CLI fit (issue 12) cannot do, in the command line's words; the streamed source
 * itself is the Node host's (src/job/node/streamIngest.ts). Whether the fit holds the columns in
 * memory or streams them is src/store/node/filePlan.ts's `planMemory` (src/store/memoryPlan.ts's
 * choice, shared with the page).
 */
import type { MemoryPlan } from '../store/memoryPlan';
import type { ParameterSpec } from '../fit/parameters';
import { streamClash, type StreamClash } from '../job/validate';
import type { FitCommand } from './args';
import { formatBytes } from './memoryLimit';

export type { MemoryPlan };

/**
 * What a streamed fit cannot do (it needs all rows in memory): the sentence after "where", and
 * what to do instead; null when nothing.
 */
export function streamRefusal(command: FitCommand, parameters: readonly ParameterSpec[]): { what: string; fix: string | null } | null {
  const missing = parameters.some((p) => !p.fixed && (p.value === null || p.value === undefined));
  const clash = streamClash({ groups: command.group !== null || command.wide, filters: command.where.length > 0 || command.excludeRows.length > 0, 'start-search': missing || command.starts !== null, varpro: command.varpro, poisson: command.mle !== null, profile: command.ci === 'profile', 'compare-model': Boolean(command.compareModel), report: Boolean(command.report), gpu: command.backend === 'gpu' });
  if (clash === null || clash === 'weights') return null;
  if (clash === 'groups' || clash === 'filters') return { what: `${STREAM_WORDS[clash]} cannot run (they need all rows in memory)`, fix: null };
  const fix = clash === 'start-search' ? 'give --p0 for every free parameter (e.g. from a fit of the first rows), or raise --memory-limit' : null;
  return { what: `${STREAM_WORDS[clash]} cannot run (it needs all rows in memory)`, fix };
}

const STREAM_WORDS: Record<Exclude<StreamClash, 'weights'>, string> = {
  groups: '--group and --wide fits',
  filters: 'row filters (--where, --exclude-rows)',
  'start-search': 'the automatic start search',
  varpro: '--varpro',
  poisson: '--mle poisson',
  profile: '--ci profile',
  'compare-model': '--compare-model',
  report: '--report (its plots)',
  gpu: '--backend gpu (it uploads the columns)',
};

/** The in-memory estimate, in words, for messages. */
export function planWords(plan: MemoryPlan): string {
  return `about ${formatBytes(plan.estimateBytes ?? 0)} in memory is more than --memory-limit ${formatBytes(plan.limit)}`;
}
