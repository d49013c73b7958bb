/**
 * What every exported script reads off a FitSpec the same way (script.ts for a closed-form model,
 * odeScript.ts for an ODE model): the delimiter check, the row filters and excluded lines, and
 * the parameter rows in the model's order split into free and fixed.
 */
import { parseWhere, type WhereClause } from '../../data/where';
import type { FitSpec, ParameterRow, SolverSettings } from '../../share/types';
import { pyBool, pyFloat, pyString } from './pyLiteral';

const DELIMITERS = [',', '\t', ';', '|', 'whitespace'];

/** Throws RangeError unless `delimiter` is one Fitbench reads. */
export function checkDelimiter(delimiter: string): void {
  if (!DELIMITERS.includes(delimiter)) throw new RangeError(`pythonScript: delimiter must be one of ${DELIMITERS.map((d) => JSON.stringify(d)).join(', ')}`);
}

/** The spec's row filters (parsed) and excluded lines, or null when it has none. */
export function scriptRows(spec: FitSpec): { where: WhereClause[]; exclude: readonly number[] } | null {
  const rows = spec.rows;
  if (!rows || (rows.where.length === 0 && rows.exclude.length === 0)) return null;
  const where = rows.where.map((text) => {
    const clause = parseWhere(text);
    if (!clause.ok) throw new RangeError(`pythonScript: ${clause.error.message}`);
    return clause.value;
  });
  return { where, exclude: rows.exclude };
}

/** The rows of `params` (the model's order), free and fixed; `solver` names who needs a free one. */
export function parameterRows(spec: FitSpec, params: readonly string[], solver: string): { rows: ParameterRow[]; free: ParameterRow[]; fixed: ParameterRow[] } {
  const byName = new Map(spec.parameters.map((p) => [p.name, p]));
  const rows = params.map((name) => {
    const row = byName.get(name);
    if (row === undefined) throw new RangeError(`pythonScript: no parameter row for ${name}`);
    return row;
  });
  const free = rows.filter((p) => !p.fixed);
  if (free.length === 0) throw new RangeError(`pythonScript: every parameter is fixed; ${solver} needs at least one free parameter`);
  return { rows, free, fixed: rows.filter((p) => p.fixed) };
}

/** The script's file settings: where the data come from and how the file is read. */
export function pyFileSettings(o: { readonly csvFileName: string; readonly delimiter: string; readonly decimalComma: boolean; readonly header: boolean; readonly fileNote?: string }): string[] {
  return [
    ...(o.fileNote ? [`# ${o.fileNote.replace(/[\r\n]+/g, ' ')}`] : []),
    `CSV_FILE = sys.argv[1] if len(sys.argv) > 1 else ${pyString(o.csvFileName)}`,
    `DELIMITER = ${o.delimiter === 'whitespace' ? 'None  # runs of spaces and tabs' : pyString(o.delimiter)}`,
    `DECIMAL_COMMA = ${pyBool(o.decimalComma)}`,
    `HEADER = ${pyBool(o.header)}`,
  ];
}

/** The keyword arguments of scipy's TRF (curve_fit's and least_squares' alike), one per line. */
export function pyTrfArguments(s: SolverSettings): string[] {
  return [
    '    bounds=(lower, upper),',
    '    method="trf",',
    `    loss=${pyString(s.loss)},`,
    `    f_scale=${pyFloat(s.fScale)},`,
    `    ftol=${pyFloat(s.ftol)},`,
    `    xtol=${pyFloat(s.xtol)},`,
    `    gtol=${pyFloat(s.gtol)},`,
  ];
}
