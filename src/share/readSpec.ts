/**
 * Turns untrusted JSON (a parsed link) into a FitSpec, or says precisely why not. Every field is
 * checked (schema.ts, readSettings, readParameters, readData); the model text is compiled with
 * compileModel, the only way text from a link reaches execution, and the compiled parameter and
 * variable lists are checked against the rest of the spec:
 *
 * - columns.x, y and sigma are distinct identifiers (Fitbench column names always are), and x is
 *   exactly the model's variables in order: the model is compiled against x, so a name in x the
 *   model does not use is an error rather than a column silently loaded and ignored;
 * - parameters are exactly the compiled parameters (readParameters).
 *
 * Version: an integer ≥ 1; above SPEC_VERSION the link is refused as made by a newer Fitbench
 * before anything else is read (its shape may have changed).
 */
import { compileEquation, compileModel, isEquationModel, isOdeModel, MAX_MODEL_LENGTH, parseStatements } from '../model/index';
import { shareError, type DecodeResult } from './errors';
import { sigmaXColumns, usedColumns } from './fingerprint';
import { odeDataColumns, odeObserved, readOdeSettings, type DataColumns } from './odeSpec';
import { MAX_X_COLUMNS } from './limits';
import { readData } from './readData';
import { readGroups } from './readGroups';
import { readParameters } from './readParameters';
import { readCompare } from './readCompare';
import { readAssay } from './assay';
import { readDerived } from './readDerived';
import { readTies } from './readTies';
import { allRows, readRows } from './readRows';
import { readSettings } from './readSettings';
import { array, fail, identifier, Invalid, nullable, object, string, type Fields } from './schema';
import { SPEC_VERSION, type ColumnMapping, type FitSpec, type OdeSettings } from './types';

const KEYS = ['version', 'model', 'libraryId', 'columns', 'parameters', 'settings', 'data'] as const;

/**
 * columns.sigmaX (issue 24): { x column: its σ column }, each key one of columns.x and each σ a
 * column other than the x's and y (it may be y's σ column, or another x's σ).
 */
function readSigmaX(v: unknown, path: string, x: readonly string[], y: string): Record<string, string> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(path, 'must be an object of x column → σ column, e.g. {"x": "sx"}', v);
  const out: Record<string, string> = {};
  for (const key of Object.keys(v)) {
    if (!x.includes(key)) fail(`${path}.${key}`, `is not one of columns.x (${x.join(', ')}): only an x column has a σx`);
    const name = identifier((v as Fields)[key], `${path}.${key}`);
    if (x.includes(name) || name === y) fail(`${path}.${key}`, `names the column "${name}", which is an x or y of the fit: pick the column of ${key}'s standard deviations`);
    Object.defineProperty(out, key, { value: name, enumerable: true, writable: false, configurable: false });
  }
  return out;
}

function readColumns(v: unknown, path: string): ColumnMapping {
  // sigmaX came with issue 24: optional, so that older links (without it) still open.
  const hasSigmaX = typeof v === 'object' && v !== null && Object.prototype.hasOwnProperty.call(v, 'sigmaX');
  const o = object(v, path, ['x', 'y', 'sigma', ...(hasSigmaX ? ['sigmaX'] : [])]);
  const x = array(o.x, `${path}.x`, MAX_X_COLUMNS).map((n, i) => identifier(n, `${path}.x[${i}]`));
  const y = identifier(o.y, `${path}.y`);
  const sigma = nullable(o.sigma, (s) => identifier(s, `${path}.sigma`));
  const all = sigma === null ? [...x, y] : [...x, y, sigma];
  const twice = all.find((n, i) => all.indexOf(n) !== i);
  if (twice !== undefined) fail(path, `name the column "${twice}" more than once (x, y and sigma must be distinct)`);
  const sigmaX = hasSigmaX ? readSigmaX(o.sigmaX, `${path}.sigmaX`, x, y) : {};
  return Object.keys(sigmaX).length > 0 ? { x, y, sigma, sigmaX } : { x, y, sigma };
}

function libraryId(v: unknown, path: string): string | null {
  return nullable(v, (s) => {
    const id = string(s, path, 1, 64);
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(id)) fail(path, 'must be letters, digits, _ . -', id);
    return id;
  });
}

interface ReadModel {
  readonly params: readonly string[];
  readonly data: DataColumns;
  readonly ode: OdeSettings | null;
}

const modelRefusal = (message: string) => ({ error: shareError('model', message, 'model') });

/** A closed-form model compiled against columns.x, which must be exactly its variables. */
function readClosedForm(model: string, columns: ColumnMapping, hasOde: boolean): ReadModel | { error: ReturnType<typeof shareError> } {
  if (hasOde) fail('ode', 'belongs to an ODE model (statements such as dX/dt = …), and this model is one expression');
  // An implicit model (issue 24: one equation g(x, y) = 0) is compiled over x… and y, as the worker does.
  const implicit = isEquationModel(model);
  const compiled = implicit ? compileEquation(model, { columns: [...columns.x, columns.y] }) : compileModel(model, { columns: columns.x });
  if (!compiled.ok) return modelRefusal(`The model in this link does not compile: ${compiled.error.message}`);
  const { params, variables } = compiled.value;
  const unused = columns.x.filter((n) => !variables.includes(n));
  if (unused.length > 0) fail('columns.x', `names ${unused.map((n) => `"${n}"`).join(', ')}, which the model does not use`);
  return { params, data: { names: usedColumns(columns), sigmas: [...new Set([...(columns.sigma === null ? [] : [columns.sigma]), ...sigmaXColumns(columns)])] }, ode: null };
}

/** An ODE model's statements through the model's validated parser, its columns checked against them (odeSpec.ts). */
function readOdeModel(model: string, columns: ColumnMapping, ode: unknown, hasOde: boolean): ReadModel | { error: ReturnType<typeof shareError> } {
  const parsed = parseStatements(model);
  if (!parsed.ok) return modelRefusal(`The ODE model in this link does not parse: ${parsed.error.message}`);
  if (!hasOde) fail('ode', 'is missing: an ODE model needs its integration settings (method, rtol, atol)');
  return { params: parsed.value.params, data: odeDataColumns(columns.x[0], odeObserved(parsed.value, columns)), ode: readOdeSettings(ode, 'ode') };
}

/** The version check alone, so that a newer link is refused before its shape is judged. */
export function newerVersion(v: unknown): number | null {
  if (typeof v !== 'object' || v === null) return null;
  const version = (v as Fields).version;
  return typeof version === 'number' && Number.isInteger(version) && version > SPEC_VERSION ? version : null;
}

export function readSpec(v: unknown): DecodeResult<FitSpec> {
  const newer = newerVersion(v);
  if (newer !== null) {
    return { ok: false, error: shareError('newer-version', `This link was made by a newer Fitbench (link format ${newer}; this page reads up to ${SPEC_VERSION}). Open it in an up-to-date Fitbench.`) };
  }
  try {
    // `rows` came with issue 9: optional, so that older links (without it) still open.
    const has = (key: string) => typeof v === 'object' && v !== null && Object.prototype.hasOwnProperty.call(v, key);
    const hasRows = has('rows');
    // `groups` came with issue 9 too (written only when a group column is chosen).
    const hasGroups = has('groups');
    // `derived` came with issue 10 (written only when there are derived quantities).
    const hasDerived = has('derived');
    // `compare` too: the second model typed for a comparison, written only when there is one.
    const hasCompare = has('compare');
    // `ties` too: tied parameters, written only when there are some.
    const hasTies = has('ties');
    const o = object(v, '', [...KEYS, ...(hasRows ? ['rows'] : []), ...(hasGroups ? ['groups'] : []), ...(hasDerived ? ['derived'] : []), ...(hasCompare ? ['compare'] : []), ...(hasTies ? ['ties'] : []), ...(has('ode') ? ['ode'] : []), ...(has('assay') ? ['assay'] : [])]);
    const compare = hasCompare ? readCompare(o.compare, 'compare') : undefined;
    const derived = hasDerived ? readDerived(o.derived, 'derived') : [];
    const rows = hasRows ? readRows(o.rows, 'rows') : undefined;
    if (o.version !== SPEC_VERSION) fail('version', `must be ${SPEC_VERSION}`, o.version);
    const model = string(o.model, 'model', 1, MAX_MODEL_LENGTH);
    const columns = readColumns(o.columns, 'columns');
    // `ode` came with issue 23: present exactly when the model is statements (an ODE model).
    const hasOde = has('ode');
    const read = isOdeModel(model) ? readOdeModel(model, columns, o.ode, hasOde) : readClosedForm(model, columns, hasOde);
    if ('error' in read) return { ok: false, error: read.error };
    const { params, data: used } = read;
    const parameters = readParameters(o.parameters, 'parameters', params, used.names);
    const groups = hasGroups ? readGroups(o.groups, 'groups', params, parameters) : undefined;
    const ties = hasTies ? readTies(o.ties, 'ties', params) : [];
    // `assay` came with issue 26 (written only when a setting differs from its default).
    const assay = has('assay') ? readAssay(o.assay, 'assay') : undefined;
    return {
      ok: true,
      spec: {
        version: SPEC_VERSION,
        model,
        libraryId: libraryId(o.libraryId, 'libraryId'),
        columns,
        parameters,
        settings: readSettings(o.settings, 'settings'),
        data: readData(o.data, 'data', used.names, used.sigmas, groups !== undefined),
        ...(rows && !allRows(rows) ? { rows } : {}),
        ...(groups ? { groups } : {}),
        ...(derived.length > 0 ? { derived } : {}),
        ...(compare ? { compare } : {}),
        ...(ties.length > 0 ? { ties } : {}),
        ...(read.ode ? { ode: read.ode } : {}),
        ...(assay ? { assay } : {}),
      },
    };
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, error: shareError('invalid', `This link is not valid: ${e.message}.`, e.path) };
    throw e;
  }
}
