/**
 * The parts of a zip container (xlsx, ods) a reader asks for, inflated with fflate. Every part is
 * bounded before it is inflated (its declared size) so that a small hostile file cannot make the
 * worker allocate gigabytes (a "zip bomb").
 */
import { strFromU8, unzipSync } from 'fflate';
import type { DataError, Result } from '../types';

/** Largest inflated part read (the sheet XML of a million-row spreadsheet is a few hundred MB). */
export const MAX_PART_BYTES = 512 * 1024 * 1024;


export interface ZipParts {
  /** Names of every part in the container. */
  readonly names: readonly string[];
  /** The part's text (UTF-8), or null when there is no such part. */
  text(name: string): string | null;
}

const fail = (message: string): { ok: false; error: DataError } => ({ ok: false, error: { code: 'binary', message } });

/** Opens the container; `wanted` says which parts to inflate (the others are listed only). */
export function openZip(bytes: Uint8Array, what: string, wanted: (name: string) => boolean): Result<ZipParts> {
  const names: string[] = [];
  let tooBig: string | null = null;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        names.push(f.name);
        if (!wanted(f.name)) return false;
        if (f.originalSize > MAX_PART_BYTES) tooBig ??= f.name;
        return f.originalSize <= MAX_PART_BYTES;
      },
    });
  } catch (error) {
    return fail(`This ${what} file could not be unpacked (${error instanceof Error ? error.message : String(error)}); it may be damaged. Open it in a spreadsheet program and save it again.`);
  }
  if (tooBig) return fail(`This ${what} file holds a part (${tooBig}) larger than ${MAX_PART_BYTES / 2 ** 20} MiB unpacked; save the data as CSV instead.`);
  return {
    ok: true,
    value: {
      names,
      text: (name) => {
        const part = files[name];
        return part ? strFromU8(part) : null;
      },
    },
  };
}
