/** The worker's door to the model library (src/library). */
import { findModel } from '../library/index';
import type { ModelDefinition } from '../library/types';

export function findLibraryModel(id: string): ModelDefinition | undefined {
  return findModel(id);
}
