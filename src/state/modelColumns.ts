/**
 * A data column the model names is a variable (issue 27): the page adds it to the x variables,
 * as the CLI reads the same model (src/data/modelColumns.ts holds the rule for both). Theoph's
 * `Dose` was a fitted parameter on the page unless the user added it as a variable by hand, and
 * data on the command line. The y and σ columns stay what they are. A column added this way
 * leaves x again when the model no longer names it (and the model parses: a half-typed name does
 * not take it away); the first x, the plotted one the user chose, is never taken away.
 */
import { isIdentifier } from '../data/defaultColumns';
import { variableNames } from '../data/modelColumns';
import { namedTimeColumn } from '../data/odeTime';
import { analyzeModel } from './slices/model';
import { isOdeModel } from '../model/index';
import type { Mapping } from './slices/data';
import type { AppState } from './store';

type Inputs = Pick<AppState, 'modelText' | 'table' | 'modelNamedX'>;

/** The table's columns the model names, besides y and σ, in the model's order; null while it does not parse. */
export function namedColumns(s: Inputs, mapping: Mapping): readonly string[] | null {
  if (!s.table || s.modelText.trim() === '') return [];
  const info = analyzeModel(s.modelText, variableNames(s.table.columns));
  if (info.error) return null;
  // An ODE model's columns are observed (its `~` lines), not variables: x stays the time column.
  if (info.ode) return [];
  return info.variables.filter((name) => name !== mapping.y && name !== mapping.sigma);
}

/**
 * An ODE model's time column when the x column is one its `~` lines observe (the default x of
 * lotka_volterra.csv was Hare): the column named t or time, else the first numeric column the
 * model does not observe; null when x may stay (or no column is left).
 */
function odeTime(mapping: Mapping, s: Inputs): string | null {
  if (!s.table || s.modelText.trim() === '') return null;
  const info = analyzeModel(s.modelText, variableNames(s.table.columns));
  // Statements that do not parse yet still say what they observe on their `COL ~` lines: the
  // plot's axis then is time already (not "Lynx against Hare") while the text is being written.
  const observed = info.ode ? [...info.ode.observed, ...info.ode.sigma.filter((c): c is string => c !== null)] : isOdeModel(s.modelText) ? observedOnLines(s.modelText) : null;
  if (observed === null) return null;
  const x = mapping.x[0];
  if (x !== undefined && !observed.includes(x)) return null;
  const free = s.table.columns.filter((c) => c.categories === null && !observed.includes(c.name)).map((c) => c.name);
  return namedTimeColumn(free) ?? free[0] ?? null;
}

/** The column names left of `~` (and after its `|`: `sigma`) on the lines of statements, read
 *  from the text alone (statements that do not parse yet still say what they observe). */
export function observedOnLines(text: string, sigma = true): string[] {
  const names: string[] = [];
  for (const line of text.replace(/#[^\n]*/g, '').split(/[\n;]/)) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*~[^|]*(?:\|\s*([A-Za-z_][A-Za-z0-9_]*))?/.exec(line);
    if (m) names.push(...[m[1], sigma ? m[2] : undefined].filter((n): n is string => n !== undefined));
  }
  return names;
}

/** The x variables with the columns the model names, and which of them the model brought in. */
export function withModelColumns(mapping: Mapping, s: Inputs): { readonly x: readonly string[]; readonly named: readonly string[] } {
  const time = odeTime(mapping, s);
  if (time !== null) return { x: [time], named: [] };
  const named = namedColumns(s, mapping);
  if (named === null) return { x: mapping.x, named: s.modelNamedX.filter((n) => mapping.x.includes(n)) };
  const kept = mapping.x.filter((name, i) => i === 0 || named.includes(name) || !s.modelNamedX.includes(name));
  const added = named.filter((name) => !kept.includes(name));
  const x = [...kept, ...added];
  return { x, named: x.filter((name) => added.includes(name) || (named.includes(name) && s.modelNamedX.includes(name))) };
}

/**
 * The column "+ variable" adds: the first unused numeric column that is neither the group column
 * nor an identifier (src/data/defaultColumns.ts isIdentifier: Theoph's Subject was offered before
 * its Wt and Dose), else the first unused numeric one; null when none is left.
 */
export function nextVariable(s: Pick<AppState, 'table' | 'mapping' | 'groupBy'>): string | null {
  const m = s.mapping;
  const unused = (s.table?.columns ?? []).filter((c) => c.categories === null && !m.x.includes(c.name) && c.name !== m.y && c.name !== m.sigma);
  const measured = unused.find((c) => c.name !== s.groupBy && !isIdentifier({ name: c.name, shape: c.shape ?? null, integer: c.integer ?? false }));
  return (measured ?? unused[0])?.name ?? null;
}
