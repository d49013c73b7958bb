/**
 * The CLI as tests drive it: `main(argv)` in this process with console.log/error captured per
 * test, returning the exit code and what was printed; and data files in a temporary folder.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import { main } from '../src/cli/main';

export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Registers the capture hooks for the calling test file and returns its `run`. */
export function cliRunner(): (...argv: string[]) => Promise<CliRun> {
  let out: string[] = [];
  let err: string[] = [];
  beforeEach(() => {
    out = [];
    err = [];
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  });
  afterEach(() => vi.restoreAllMocks());
  return async (...argv: string[]) => {
    // Each run returns what it printed itself.
    out = [];
    err = [];
    const code = await main(argv);
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
}

/** A fresh temporary folder named after `prefix`, and a writer of files into it. */
export function tempFiles(prefix: string): { readonly dir: string; readonly file: (name: string, text: string | Uint8Array) => string } {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const file = (name: string, text: string | Uint8Array): string => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  return { dir, file };
}
