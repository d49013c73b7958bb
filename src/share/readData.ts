/**
 * Reads `data` of a link: null (no data), inline columns, or a fingerprint. Inline data must hold
 * exactly the used columns (x…, y, sigma; an ODE model's time and observed columns), of equal length ≥ 1, finite numbers, sigma > 0 (the
 * rows a fit can use: selectColumns drops the others before a link is made), at most
 * MAX_INLINE_CELLS numbers in all. File names are 1–MAX_FILE_NAME characters without control
 * characters (they are shown to people).
 */
import { MAX_FILE_NAME, MAX_FINGERPRINT_ROWS, MAX_INLINE_CELLS } from './limits';
import { readGroupKeys } from './readGroups';
import { array, fail, integer, nullable, object, oneOf, string, type Fields } from './schema';
import type { DataFingerprint, InlineData } from './types';

function fileName(v: unknown, path: string): string | null {
  return nullable(v, (s) => {
    const name = string(s, path, 1, MAX_FILE_NAME);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(name)) fail(path, 'must not contain control characters');
    return name;
  });
}

function column(v: unknown, path: string, positiveOnly: boolean): number[] {
  const list = array(v, path, MAX_INLINE_CELLS);
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) fail(`${path}[${i}]`, 'must be a finite number', x);
    if (positiveOnly && !(x > 0)) fail(`${path}[${i}]`, 'must be > 0 (it is a sigma)', x);
  }
  return list as number[];
}

function inline(o: Fields, path: string, used: readonly string[], sigmas: readonly string[], withKeys: boolean): InlineData {
  const cols = object(o.columns, `${path}.columns`, used);
  const entries = used.map((name): [string, number[]] => [name, column(cols[name], `${path}.columns.${name}`, sigmas.includes(name))]);
  const rows = entries[0][1].length;
  if (rows === 0) fail(`${path}.columns`, 'must hold at least one row');
  for (const [name, values] of entries) {
    if (values.length !== rows) fail(`${path}.columns.${name}`, `must have ${rows} rows like ${used[0]}`, values);
  }
  if (rows * used.length > MAX_INLINE_CELLS) fail(`${path}.columns`, `may hold at most ${MAX_INLINE_CELLS} numbers in all`);
  const keys = withKeys ? { groupKeys: readGroupKeys(o.groupKeys, `${path}.groupKeys`, rows) } : {};
  return { kind: 'inline', fileName: fileName(o.fileName, `${path}.fileName`), columns: Object.fromEntries(entries), ...keys };
}

function print(o: Fields, path: string): DataFingerprint {
  const hash = o.hash;
  if (typeof hash !== 'string' || !/^[0-9a-f]{16}$/.test(hash)) fail(`${path}.hash`, 'must be 16 lowercase hex digits', hash);
  return {
    kind: 'fingerprint',
    fileName: fileName(o.fileName, `${path}.fileName`),
    rows: integer(o.rows, `${path}.rows`, 1, MAX_FINGERPRINT_ROWS),
    hash,
  };
}

/** `used`: the used column names in order (odeSpec.ts's specDataColumns), `sigmas` the σ columns among them;
 *  `grouped`: the spec has groups, so inline data may carry each row's group key. */
export function readData(v: unknown, path: string, used: readonly string[], sigmas: readonly string[], grouped = false): InlineData | DataFingerprint | null {
  if (v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) fail(path, 'must be an object or null', v);
  const kind = oneOf((v as Fields).kind, `${path}.kind`, ['inline', 'fingerprint'] as const);
  const withKeys = grouped && Object.prototype.hasOwnProperty.call(v, 'groupKeys');
  return kind === 'inline'
    ? inline(object(v, path, withKeys ? ['kind', 'fileName', 'columns', 'groupKeys'] : ['kind', 'fileName', 'columns']), path, used, sigmas, withKeys)
    : print(object(v, path, ['kind', 'fileName', 'rows', 'hash']), path);
}
