/** Types of cliBundle.mjs (plain JavaScript, read by bin/fitbench.mjs before TypeScript loads). */
export const CLI_FILE: string;
export function buildCli(root: string): Promise<{ text: string; inputs: string[] }>;
export function buildCliBundle(root: string): Promise<string>;
export function cliScript(): Promise<string | null>;
export function cliFilePlugin(): import('vite').Plugin;
