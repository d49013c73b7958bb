/** The main thread's door to the model library (src/library): the list for the picker. */
import type { ModelDefinition } from '../library/types';

interface LibraryModule {
  readonly MODEL_LIBRARY: readonly ModelDefinition[];
}

const modules = import.meta.glob<LibraryModule>('../library/index.ts', { eager: true });

export const LIBRARY: readonly ModelDefinition[] = Object.values(modules)[0]?.MODEL_LIBRARY ?? [];

export function libraryModel(id: string | null): ModelDefinition | undefined {
  return id === null ? undefined : LIBRARY.find((m) => m.id === id);
}
