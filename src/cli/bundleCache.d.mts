/** Types of bundleCache.mjs (plain JavaScript, read by bin/fitbench.mjs before TypeScript loads). */
export function cachedScriptFile(root: string, name: string, salt: string): string | null;
export function cachedScript(root: string, name: string, salt: string): string | null;
export function keepScript(root: string, name: string, text: string, sources: readonly string[], salt: string, builtSince: number): boolean;
