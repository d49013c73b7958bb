/** What the Copy link popover says about a link: whether the data travel in it, and its size. */
import type { LinkPlan } from '../../share/index';
import { formatCount } from '../format/count';

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

const rows = (n: number) => `${formatCount(n)} row${n === 1 ? '' : 's'}`;

export function describeLink(plan: LinkPlan, url: string): string {
  const size = formatBytes(url.length);
  const data = plan.data;
  if (data?.kind === 'inline') {
    const n = Object.values(data.columns)[0]?.length ?? 0;
    return `The data are in the link (${rows(n)}; ${size} in all): opening it restores this workbench and runs the fit.`;
  }
  if (data?.kind === 'fingerprint') {
    const file = data.fileName ?? 'the data file';
    return `The data (${rows(data.rows)}) are too large for a link, so it carries the model, parameters and settings with a fingerprint of the data (${size}). Whoever opens it is asked for ${file}, which is checked against the fingerprint before the fit.`;
  }
  return `The link carries the model, parameters and settings, without data (${size}).`;
}
