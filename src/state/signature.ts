/** A string that changes whenever what a curve or a fit depends on changes. */
import type { AssaySettings, RowSpec, SolverSettings } from '../share/types';
import { assayOn } from '../share/assay';
import { DEFAULT_SETTINGS } from './slices/settings';
import type { AppState } from './store';

/** The rows part of a signature: filters and excluded lines change what a fit sees. */
export function rowsKey(rows: RowSpec | undefined): string {
  return rows ? `${rows.where.join('\u0000')}#${rows.exclude.join(',')}` : '';
}
import { zoomRange } from './view';

/** The σ of each x (issue 24; written only when some x has one, so that signatures saved before read the same). */
export function sigmaXKey(sigmaX: Readonly<Record<string, string>> | undefined): string {
  const keys = Object.keys(sigmaX ?? {}).sort();
  return keys.length > 0 ? `|sx:${keys.map((k) => `${k}=${sigmaX![k]}`).join(',')}` : '';
}

/** The ties part (written only when there are ties, so that signatures saved before ties read the same). */
function tiesKey(ties: AppState['ties'] | undefined): string {
  return ties && ties.length > 0 ? `|tie:${ties.map((t) => `${t.name}=${t.expression}`).join('\u0000')}` : '';
}

export function curveSignature(s: Pick<AppState, 'modelText' | 'mapping' | 'params' | 'plot' | 'plotRange' | 'source' | 'dataEpoch' | 'settings' | 'ties'>): string {
  const m = s.mapping;
  const values = s.params.map((p) => `${p.name}=${p.value}`).join(',');
  return `${s.modelText}|${m.x.join(',')}|${m.y}|${m.sigma ?? ''}|${s.settings.weights ?? ''}|${s.settings.objective ?? ''}|${rowsKey(m.rows)}|${values}|${s.plot.plotVar}|${s.plot.logX}|${zoomRange(s)?.join(':') ?? ''}${tiesKey(s.ties)}${sigmaXKey(m.sigmaX)}`;
}

/**
 * The settings a fit's results depend on: the loss (and its scale), the weights, the objective,
 * and whether σ is absolute. Written only where they differ from the defaults, so that signatures
 * saved before they were part of it read the same. (Tolerances, method and backend change the
 * last digits, not what the results are.)
 */
function settingsKey(settings: SolverSettings | undefined): string {
  if (!settings) return '';
  const d = DEFAULT_SETTINGS;
  // Unset and the default's name are one choice: the σ select writes weights 'sigma', links and
  // sessions leave it out and read it back unset.
  const weights = settings.weights ?? 'sigma';
  const objective = settings.objective ?? 'least-squares';
  const parts = [
    settings.loss !== d.loss ? `loss=${settings.loss}:${settings.fScale}` : '',
    weights !== 'sigma' ? `weights=${weights}` : '',
    objective !== 'least-squares' ? `objective=${objective}` : '',
    settings.absoluteSigma !== d.absoluteSigma ? `absoluteSigma=${settings.absoluteSigma}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `|set:${parts.join(',')}` : '';
}

/**
 * The assay part (issue 26): every setting the assay steps read, written only while a step is on,
 * so that signatures saved before the assay read the same, and a page with every switch off is
 * not stale because a default changed text. `keep` (lines put back) changes which rows ROUT may flag.
 * `interval` enters only as BCa: the percentile and studentized intervals come with every bootstrap,
 * so a choice between them only picks one to show, while BCa's jackknife (n more refits) runs only
 * when BCa is asked for, so picking it makes the results stale until a refit computes it.
 */
export function assayKey(assay: AssaySettings | undefined): string {
  if (!assay || !assayOn(assay)) return '';
  const a = assay;
  const parts = [
    a.interpolate ? `interpolate:${a.sample ?? ''}` : '',
    a.predict.trim() !== '' ? `predict:${a.predict.trim()}` : '',
    a.rout ? `rout:${a.q}:${a.keep.join(',')}` : '',
    a.bootstrap ? `bootstrap:${a.kind}:${a.resamples}:${a.seed}${a.interval === 'bca' ? ':bca' : ''}` : '',
  ].filter(Boolean);
  return `|assay:${parts.join(';')}`;
}

type Signed = Pick<AppState, 'modelText' | 'mapping' | 'params' | 'ties' | 'settings'> & { readonly assay?: AssaySettings };

/** fitSignature without its settings part: what pages wrote before the settings were part of it. */
function signatureBeforeSettings(s: Signed): string {
  const m = s.mapping;
  const rows = s.params.map((p) => `${p.name}=${p.value}:${p.min}:${p.max}:${p.fixed}`).join(',');
  return `${s.modelText}|${m.x.join(',')}|${m.y}|${m.sigma ?? ''}|${rowsKey(m.rows)}|${rows}${tiesKey(s.ties)}${sigmaXKey(m.sigmaX)}`;
}

export function fitSignature(s: Signed): string {
  return `${signatureBeforeSettings(s)}${settingsKey(s.settings)}${assayKey(s.assay)}`;
}

/**
 * The fittedSignature of a session saved before the settings were part of the signature
 * (SessionRecord.signatureWithSettings absent), in today's form: when it is the restored page's
 * signature without the settings part, the fit is taken to have run on the page's settings (the
 * record cannot say otherwise; it was fresh when saved if its settings had not changed since), so
 * that a session fitted with a robust loss, say, does not read "changed since the last fit" once.
 * Otherwise it is kept as it was (stale). Records saved since carry the mark and are compared as
 * they are: a settings change after their fit still reads stale.
 */
export function signatureSignedSince(saved: string | null, s: Signed): string | null {
  return saved !== null && saved === signatureBeforeSettings(s) ? fitSignature(s) : saved;
}

/** Whether the page's results (outcome) are its last fit's and still describe the page: nothing a
 *  fit depends on (fitSignature) changed since. */
export function resultsFresh(s: Pick<AppState, 'outcome' | 'fittedSignature' | 'modelText' | 'mapping' | 'params' | 'ties' | 'settings'> & { readonly assay?: AssaySettings }): boolean {
  return s.outcome !== null && s.fittedSignature !== null && s.fittedSignature === fitSignature(s);
}
