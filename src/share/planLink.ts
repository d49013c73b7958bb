/**
 * Decides what a shared link carries. The data go inline when they can: every value finite (and
 * sigma > 0), at most MAX_INLINE_CELLS numbers, and the compressed link within LINK_DATA_BUDGET
 * (64 KiB, a length every browser and chat client keeps). Otherwise the link carries a
 * fingerprint of the data (fingerprint.ts) and the file name, and the page that opens it asks for
 * the file and checks it against the fingerprint.
 */
import { encodeWithin, MAX_COMPRESSED_BYTES } from './encode';
import { SpecError, shareError } from './errors';
import { fingerprint } from './fingerprint';
import { specDataColumns } from './odeSpec';
import { LINK_DATA_BUDGET, MAX_INLINE_CELLS } from './limits';
import type { DataFingerprint, FitSpec, InlineData, RowSpec } from './types';

export interface LinkPlan {
  /** The fragment, with its leading '#'. */
  readonly fragment: string;
  readonly dataIncluded: boolean;
  /** Length of the fragment (ASCII: characters = bytes). */
  readonly bytes: number;
  /** The data part the link carries: inline columns, a fingerprint, or null (no columns given). */
  readonly data: InlineData | DataFingerprint | null;
}

export interface PlanOptions {
  /** File name to carry (default: the one in spec.data, else null). */
  readonly fileName?: string | null;
  /** Compressed bytes allowed for a link with inline data (default LINK_DATA_BUDGET). */
  readonly budget?: number;
  /** The rows a link with inline data carries instead of spec.rows: inline columns hold only the
   *  rows the filters keep, so their filters are spent and excluded lines are renumbered. */
  readonly inlineRows?: RowSpec;
  /** The group key of each row of `columns` (spec.groups.column), carried with inline data. */
  readonly inlineGroupKeys?: readonly string[];
}

function inlinable(columns: readonly ArrayLike<number>[], isSigma: readonly boolean[]): boolean {
  const rows = columns[0]?.length ?? 0;
  if (rows === 0 || rows * columns.length > MAX_INLINE_CELLS) return false;
  return columns.every((c, j) => {
    for (let i = 0; i < c.length; i++) if (!Number.isFinite(c[i]) || (isSigma[j] && !(c[i] > 0))) return false;
    return true;
  });
}

/**
 * The link for `spec` with `columns`: the used columns' values in specDataColumns(spec) order
 * (x…, y, sigma; an ODE model's time and observed columns), or null for a link without data. Throws SpecError for an invalid spec and
 * RangeError when the columns do not match the spec (caller bugs).
 */
export function planLink(spec: FitSpec, columns: readonly ArrayLike<number>[] | null, options: PlanOptions = {}): LinkPlan {
  const fileName = options.fileName !== undefined ? options.fileName : (spec.data?.fileName ?? null);
  const { names, sigmas } = specDataColumns(spec);
  const finish = (data: InlineData | DataFingerprint | null, budget: number, rows?: RowSpec): LinkPlan | null => {
    const { rows: _ignored, ...rest } = spec;
    const within = rows ?? spec.rows;
    const out = encodeWithin(within ? { ...rest, data, rows: within } : { ...rest, data }, budget);
    return out && { fragment: out.fragment, dataIncluded: data?.kind === 'inline', bytes: out.fragment.length, data };
  };
  const withoutData = (data: DataFingerprint | null): LinkPlan => {
    const plan = finish(data, MAX_COMPRESSED_BYTES);
    if (plan === null) throw new SpecError(shareError('too-large', 'This fit is too large for a link even without its data.'));
    return plan;
  };
  if (columns === null) return withoutData(null);
  if (columns.length !== names.length) throw new RangeError(`planLink: ${columns.length} columns given for ${names.join(', ')}`);
  const rows = columns[0].length;
  if (columns.some((c) => c.length !== rows)) throw new RangeError('planLink: the columns differ in length');
  if (inlinable(columns, names.map((n) => sigmas.includes(n)))) {
    const keys = spec.groups && options.inlineGroupKeys?.length === rows ? { groupKeys: [...options.inlineGroupKeys] } : {};
    const inline: InlineData = { kind: 'inline', fileName, columns: Object.fromEntries(names.map((n, j) => [n, Array.from(columns[j])])), ...keys };
    const plan = finish(inline, options.budget ?? LINK_DATA_BUDGET, options.inlineRows);
    if (plan !== null) return plan;
  }
  const print = fingerprint(columns);
  return withoutData({ kind: 'fingerprint', fileName, rows: print.rows, hash: print.hash });
}
