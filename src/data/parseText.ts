/**
 * Entry point for text already in memory (the Node CLI reads the file, tests pass literals).
 * Parsing the whole string in one push is fine: the string exists anyway, and rows still stream
 * into typed columns one at a time.
 */
import { createIngest } from './ingest';
import type { ParseOptions, Result, Table } from './types';

export function parseDelimitedText(text: string, options: ParseOptions = {}): Result<Table> {
  const ingest = createIngest(options);
  ingest.push(text);
  return ingest.finish();
}
