/** Starting values from a library model's guesser, on the selected data (finite rows only). */
import type { GuessedParameter } from '../library/types';
import type { Status } from './api';
import { findLibraryModel } from './library';
import { plotColumn } from '../plot/series';
import { session } from './session';

export async function guess(libraryId: string, plotVar: number): Promise<Status<GuessedParameter[]>> {
  const model = findLibraryModel(libraryId);
  if (!model) return { ok: false, error: { code: 'unknown-model', message: `No library model "${libraryId}".`, field: 'model' } };
  const data = session.selection;
  if (!data) return { ok: false, error: { code: 'no-data', message: 'Load data first, then guess starting values from it.', field: 'data' } };
  try {
    const guessed = model.guess(plotColumn(data, plotVar), data.y);
    return { ok: true, value: guessed.map((g) => ({ ...g })) };
  } catch (error) {
    return { ok: false, error: { code: 'guess-failed', message: `The guesser of "${model.name}" failed: ${error instanceof Error ? error.message : String(error)}`, field: 'model' } };
  }
}
