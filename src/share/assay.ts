/**
 * The assay settings (issue 26, FitSpec.assay): their defaults (the CLI's: Q 1%, 2000 residual
 * resamples, seed 0), the "Predict at x" text read as numbers, and a link's or session's `assay`
 * read back field by field, each bad field refused by name (`assay.q must be > 0 and < 100`).
 * `interval` (the bootstrap interval shown) came later: a link or session without it reads as
 * percentile, and a link writes it only when it is not percentile (src/share/wire.ts).
 */
import { array, boolean, fail, finite, identifier, integer, nullable, object, oneOf, string } from './schema';
import type { AssaySettings } from './types';

export const DEFAULT_ASSAY: AssaySettings = { interpolate: false, sample: null, predict: '', rout: false, q: 1, keep: [], bootstrap: false, resamples: 2000, kind: 'residual', seed: 0, interval: 'percentile' };

/** The bootstrap intervals the page offers, as the CLI's --bootstrap-interval names them. */
export const BOOTSTRAP_INTERVALS = ['percentile', 'bca', 'studentized'] as const;

/** The bootstrap's resamples, as the CLI's --bootstrap allows them. */
export const MIN_RESAMPLES = 10;
export const MAX_RESAMPLES = 1_000_000;
/** The longest "Predict at x" text and the most values in it. */
const MAX_PREDICT_CHARS = 4096;
const MAX_PREDICT_VALUES = 1000;
/** Put-back lines a link may carry. */
const MAX_KEEP = 10_000;

const KEYS = ['interpolate', 'sample', 'predict', 'rout', 'q', 'keep', 'bootstrap', 'resamples', 'kind', 'seed', 'interval'] as const;

/** Whether the settings differ from the defaults (then a link writes them). */
export function assayChanged(a: AssaySettings): boolean {
  return KEYS.some((k) => (k === 'keep' ? a.keep.length > 0 : a[k] !== DEFAULT_ASSAY[k]));
}

/** Whether any assay step runs. */
export function assayOn(a: AssaySettings): boolean {
  return a.interpolate || a.rout || a.bootstrap || a.predict.trim() !== '';
}

/** "Predict at x" as numbers: null for an empty text, else each value or the first one that is not a finite number. */
export function predictValues(text: string): { ok: true; value: number[] | null } | { ok: false; bad: string } {
  const parts = text.split(/[,;\s]+/).filter((s) => s !== '');
  if (parts.length === 0) return { ok: true, value: null };
  const bad = parts.find((s) => !Number.isFinite(Number(s)));
  if (bad !== undefined) return { ok: false, bad };
  if (parts.length > MAX_PREDICT_VALUES) return { ok: false, bad: `${parts.length} values (at most ${MAX_PREDICT_VALUES})` };
  return { ok: true, value: parts.map(Number) };
}

/** A link's `assay` (throws Invalid naming the field). */
export function readAssay(v: unknown, path: string): AssaySettings {
  // A link from before the interval choice has no `interval`: it showed the percentile interval.
  const given = typeof v === 'object' && v !== null && !Array.isArray(v) && !Object.prototype.hasOwnProperty.call(v, 'interval') ? { ...v, interval: DEFAULT_ASSAY.interval } : v;
  const o = object(given, path, KEYS);
  const predict = string(o.predict, `${path}.predict`, 0, MAX_PREDICT_CHARS);
  const values = predictValues(predict);
  if (!values.ok) fail(`${path}.predict`, 'must be x values separated by commas', values.bad);
  const q = finite(o.q, `${path}.q`);
  if (!(q > 0 && q < 100)) fail(`${path}.q`, 'must be a percentage above 0 and below 100', q);
  const keep = array(o.keep, `${path}.keep`, MAX_KEEP).map((line, i) => integer(line, `${path}.keep[${i}]`, 1, 2 ** 31 - 1));
  return {
    interpolate: boolean(o.interpolate, `${path}.interpolate`),
    sample: nullable(o.sample, (s) => identifier(s, `${path}.sample`)),
    predict,
    rout: boolean(o.rout, `${path}.rout`),
    q,
    keep,
    bootstrap: boolean(o.bootstrap, `${path}.bootstrap`),
    resamples: integer(o.resamples, `${path}.resamples`, MIN_RESAMPLES, MAX_RESAMPLES),
    kind: oneOf(o.kind, `${path}.kind`, ['residual', 'case'] as const),
    seed: integer(o.seed, `${path}.seed`, 0, 2 ** 32 - 1),
    interval: oneOf(o.interval, `${path}.interval`, BOOTSTRAP_INTERVALS),
  };
}

/** A sample's assay switches (public/samples/index.json `assay`, some fields) over the defaults,
 *  read as a link's are (a bad field throws, naming it: the manifest is checked by its test). */
export function sampleAssay(partial: Partial<AssaySettings> | undefined): AssaySettings {
  return partial ? readAssay({ ...DEFAULT_ASSAY, ...partial }, 'assay') : DEFAULT_ASSAY;
}
