/** The main thread's door to the model library (src/library): the list for the picker. */
import { MODEL_LIBRARY, findModel } from '../library/index';
import type { ModelDefinition } from '../library/types';

export const LIBRARY: readonly ModelDefinition[] = MODEL_LIBRARY;

export function libraryModel(id: string | null): ModelDefinition | undefined {
  return id === null ? undefined : findModel(id);
}
