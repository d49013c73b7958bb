/** The sample manifest and files (public/samples), read from disk for the specs. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './app-serve';

export interface SampleEntry {
  readonly id: string;
  readonly file: string;
  readonly model: string;
  readonly params: Record<string, number>;
  readonly truth?: Record<string, number>;
  readonly certified?: { readonly values: Record<string, number>; readonly rss: number };
}

export const SAMPLES: readonly SampleEntry[] = JSON.parse(readFileSync(join(root, 'public', 'samples', 'index.json'), 'utf8')) as SampleEntry[];

export function sample(id: string): SampleEntry {
  const found = SAMPLES.find((s) => s.id === id);
  if (!found) throw new Error(`No sample ${id}`);
  return found;
}

export function sampleText(id: string): string {
  return readFileSync(join(root, 'public', 'samples', sample(id).file), 'utf8');
}

/** R's Puromycin, treated rows only, as a two-column CSV (conc,rate): the fixture the issue-10 specs fit. */
export function puromycinTreatedCsv(): string {
  const rows = readFileSync(join(root, 'fixtures', 'groups', 'puromycin.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .filter((l) => l.includes('treated') && !l.includes('untreated'))
    .map((l) => l.split(',').slice(0, 2).join(','));
  return ['conc,rate', ...rows].join('\n');
}
