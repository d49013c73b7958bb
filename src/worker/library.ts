/** The worker's door to the model library (src/library), loaded on first use. */
import type { ModelDefinition } from '../library/types';

interface LibraryModule {
  readonly findModel: (id: string) => ModelDefinition | undefined;
}

const modules = import.meta.glob<LibraryModule>('../library/index.ts');

export async function findLibraryModel(id: string): Promise<ModelDefinition | undefined> {
  const load = Object.values(modules)[0];
  if (!load) return undefined;
  return (await load()).findModel(id);
}
