// Node module hooks for Vite's `?raw` imports (src/gpu/shaderSources.ts), so src/gpu runs under
// plain Node/tsx (the CLI, scripts): `node --import ./src/gpu/rawLoader.mjs …` or
// `tsx --import ./src/gpu/rawLoader.mjs …`. A specifier ending in `?raw` loads as a module whose
// default export is the file's text.
import { register } from 'node:module';

const hooks = `
import { readFile } from 'node:fs/promises';
export async function load(url, context, next) {
  if (url.startsWith('file:') && url.endsWith('?raw')) {
    const text = await readFile(new URL(url.slice(0, -4)), 'utf8');
    return { format: 'module', source: 'export default ' + JSON.stringify(text) + ';', shortCircuit: true };
  }
  return next(url, context);
}`;

register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url);
