/**
 * --memory-limit SIZE (issue 12): the memory a fit may use, which chooses between holding the
 * columns in memory and streaming them from a temporary file. Without the option the limit is half
 * of the machine's memory (src/store/node/filePlan.ts). Sizes are read as the page's memory budget
 * reads them (src/store/memoryBudget.ts: the least, 16M, and the most, 1024T, are its bounds).
 *
 * The choice is made from the file's size and its first piece, before the rest is read
 * (src/store/memoryPlan.ts).
 */
import { parseMemorySize } from '../store/memoryBudget';
import { CliError } from './errors';

export { formatBytes } from '../store/memoryBudget';

/** "512M", "2G", "1.5G", "300000000" (bytes); K, M, G, T are powers of 1024, with an optional B or iB. */
export function parseMemoryLimit(text: string): number {
  const parsed = parseMemorySize(text);
  const example = 'e.g. --memory-limit 512M or --memory-limit 2G';
  if (!parsed.ok && parsed.problem === 'too-large') {
    const shown = text.length > 24 ? `${text.slice(0, 20)}… (${text.length} characters)` : text;
    throw new CliError(`--memory-limit ${shown} is more than 1024T (1 PiB), beyond any machine's memory: give the size with a unit, K, M, G or T (${example}).`);
  }
  if (parsed.ok) return parsed.bytes;
  if (parsed.problem === 'not-a-size') throw new CliError(`--memory-limit must be a size in bytes with an optional K, M, G or T (${example}), got "${text}".`);
  throw new CliError(`--memory-limit ${text} is below the 16M a fit needs at least (${example}).`);
}
