/**
 * Entry point for text already in memory (the Node CLI reads the file, tests pass literals).
 * The string is fed to the ingest in slices, as a stream would be: the text exists anyway, but
 * Papa's splitter would otherwise hold an array of every line of it at once.
 */
import { createIngest } from './ingest';
import type { ParseOptions, Result, Table } from './types';

const SLICE = 1 << 20;

export function parseDelimitedText(text: string, options: ParseOptions = {}): Result<Table> {
  const ingest = createIngest(options);
  for (let i = 0; i < text.length && !ingest.error; i += SLICE) ingest.push(text.slice(i, i + SLICE));
  return ingest.finish();
}
