/** Model actions: typing, picking a library model, guessing starting values. */
import { getClient } from '../../client/worker';
import type { GuessedParameter } from '../../library/types';
import { libraryModel } from '../library';
import { renameVariable } from '../rename';
import { MAX_PARAMETERS, parameterLimit } from '../../job/browser/limits';
import { analyzeModel, type ModelInfo } from '../slices/model';
import { applyGuesses, NO_PARAM_ERRORS, reconcileParams } from '../slices/params';
import { getState, setState } from '../store';
import { refreshCurve } from './curve';
import { libraryText, modelColumns } from '../selectors/modelColumns';

/** Keeps the library association while the model still has every parameter the guesser names. */
function keepsLibrary(id: string | null, params: readonly string[]): string | null {
  const def = libraryModel(id);
  if (!def) return null;
  const own = analyzeModel(def.expression, ['x']).params;
  return own.every((p) => params.includes(p)) ? id : null;
}

/**
 * The parser's view with the page's limit on parameters applied: a model beyond it is an error
 * at the editor, and its rows are not made (thousands of rows froze the page for seconds).
 */
function withinLimits(info: ModelInfo, text: string): ModelInfo {
  const tooMany = info.error ? null : parameterLimit(info.params.length);
  if (!tooMany) return info;
  const hint = `At most ${MAX_PARAMETERS} parameters.`;
  return { ...info, params: [], error: { code: 'too-many-parameters', message: tooMany.message, start: 0, end: text.length, line: 1, column: 1, hint } };
}

/** Whether `name` (an identifier) stands before a "(" in `text`: a function, not a parameter. */
function calledIn(text: string, name: string): boolean {
  return new RegExp(`(^|[^A-Za-z0-9_])${name}\\s*\\(`).test(text);
}

export function setModelText(text: string, libraryId?: string | null): void {
  const s = getState();
  const info = withinLimits(analyzeModel(text, modelColumns(s, text)), text);
  // While the text does not parse, keep the rows as they are: a half-typed name must not wipe them.
  // But not a name now written as a call: `epx` typed before its "(" made a row that must go.
  const names = info.error ? s.params.map((p) => p.name).filter((n) => !calledIn(text, n)) : info.params;
  const id = libraryId !== undefined ? libraryId : info.error ? s.libraryId : keepsLibrary(s.libraryId, info.params);
  const fitError = s.fitError?.field === 'model' ? null : s.fitError;
  setState({ modelText: text, libraryId: id, modelInfo: info, ...reconcileParams(s, names), fitError });
  refreshCurve();
}

/** Re-reads the model against the current columns (after the mapping changed). */
export function reanalyzeModel(): void {
  setModelText(getState().modelText, getState().libraryId);
}

export async function pickLibraryModel(id: string): Promise<void> {
  const text = libraryText(id, getState());
  if (text === null) return;
  setModelText(text, id);
  await guessParams();
}

async function guesses(id: string): Promise<readonly GuessedParameter[]> {
  const s = getState();
  if (s.selection) {
    const status = await getClient().guess(id, s.plot.plotVar);
    if (status.ok) return status.value;
  }
  return libraryModel(id)?.guess(new Float64Array(0), new Float64Array(0)) ?? [];
}

/** Starting values (and bounds) from the library model's guesser on the current data. */
export async function guessParams(): Promise<void> {
  const id = getState().libraryId;
  if (id === null) return;
  const guessed = await guesses(id);
  const s = getState();
  if (s.libraryId !== id) return;
  setState({ params: applyGuesses(s.params, guessed), paramErrors: NO_PARAM_ERRORS });
  refreshCurve();
}

/** Renames a variable in the model (e.g. `x` to the chosen column `time`). */
export function renameModelVariable(from: string, to: string): void {
  const s = getState();
  const info = analyzeModel(s.modelText, [from]);
  if (info.error) return;
  setModelText(renameVariable(s.modelText, from, to), s.libraryId);
}
