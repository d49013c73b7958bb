/**
 * The where-language of row filters: `COL=VALUE`, `COL!=VALUE`, `COL<V`, `COL<=V`, `COL>V`,
 * `COL>=V` (`==` reads as `=`). Parsed by hand into plain data, never evaluated: a clause is a
 * column, an operator and a value, checked against the table by `filterRows`.
 *
 *   parseWhere('state=treated')  → { column: 'state', op: '=', value: 'treated' }
 *   parseWhere('conc >= 0.02')   → { column: 'conc', op: '>=', value: '0.02', number: 0.02 }
 *
 * The column is everything before the first operator character (`! < > =`), so a header text with
 * spaces works (`Time (s)<5`); the value is everything after it, trimmed, with one pair of
 * surrounding quotes removed (`name="a b"`); `COL=` matches empty cells.
 */
import { parseNumber } from './numberText';
import type { DataError, Result } from './types';

export type WhereOp = '=' | '!=' | '<' | '<=' | '>' | '>=';

export interface WhereClause {
  /** The clause as written (for messages). */
  readonly text: string;
  readonly column: string;
  readonly op: WhereOp;
  readonly value: string;
  /** The value as a number, when it reads as one ('.' or ',' decimals); required for < <= > >=. */
  readonly number: number | null;
}

const OPERATORS = 'write COL=VALUE, COL!=VALUE, COL<V, COL<=V, COL>V or COL>=V';

function badWhere(text: string, why: string): { ok: false; error: DataError } {
  return { ok: false, error: { code: 'bad-where', message: `Filter ${JSON.stringify(text)} ${why}` } };
}

/** The operator starting at `i` and its length. */
function operatorAt(s: string, i: number): [WhereOp, number] | null {
  const c = s[i];
  const next = s[i + 1];
  if (c === '!') return next === '=' ? ['!=', 2] : null;
  if (c === '<' || c === '>') return next === '=' ? [`${c}=`, 2] : [c, 1];
  if (c === '=') return ['=', next === '=' ? 2 : 1];
  return null;
}

function unquote(v: string): string {
  const q = v[0];
  return v.length >= 2 && (q === '"' || q === "'") && v[v.length - 1] === q ? v.slice(1, -1) : v;
}

/** A number as a filter value: '.' decimals, else a decimal comma (`0,5`). */
export function filterNumber(value: string): number | null {
  const v = parseNumber(value) ?? parseNumber(value, true);
  return v !== undefined && Number.isFinite(v) ? v : null;
}

export function parseWhere(text: string): Result<WhereClause> {
  const at = text.search(/[!<>=]/);
  if (at < 0) return badWhere(text, `has no comparison; ${OPERATORS}`);
  const op = operatorAt(text, at);
  if (!op) return badWhere(text, `has "!" without "="; ${OPERATORS}`);
  const column = text.slice(0, at).trim();
  if (column === '') return badWhere(text, `names no column before ${op[0]}; ${OPERATORS}`);
  const value = unquote(text.slice(at + op[1]).trim());
  const number = filterNumber(value);
  if (op[0] !== '=' && op[0] !== '!=' && number === null) {
    const shown = value === '' ? 'nothing' : JSON.stringify(value);
    return badWhere(text, `compares with ${shown}, not a number: ${op[0]} compares numbers; use = or != for text`);
  }
  return { ok: true, value: { text, column, op: op[0], value, number } };
}
