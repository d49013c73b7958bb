/**
 * What the page hears about a stored checkpoint when a session opens (issue 12): none, one it may
 * resume, one of another fit (what differs), or a damaged one (deleted). The comparison is with the
 * fit the page's request would run now: the same selection, model, parameters and options.
 */
import type { CheckpointOffer, FitRequest, Status } from './api';
import { notCheckpointed } from '../job/validate';
import { compareSubject, offerFor, readCheckpoint } from '../job/browser/checkpoint';
import { modelFitData } from '../plot/curve';
import { fitInputs } from './fitInputs';
import { fitOptions, jobObjective, requestParameters } from '../job/protocol/fitJob';
import { session } from './session';
import { streamedSelection } from '../job/browser/streamedColumns';
import { streamDigest } from './streamedFit';
import type { DataDigest } from '../store/checkpointSubject';
import type { FitData } from '../fit/types';

/** The stored checkpoint under `key` against the fit `request` would run (issue 12). */
export async function checkpointOffer(key: string, request: FitRequest): Promise<Status<CheckpointOffer>> {
  let stored: Awaited<ReturnType<typeof readCheckpoint>>;
  try {
    stored = await readCheckpoint(key);
  } catch (error) {
    return { ok: false, error: { code: 'storage', message: `The saved fit cannot be read (${(error as Error).message}).` } };
  }
  if (!stored) return { ok: true, value: { kind: 'none' } };
  if ('problem' in stored) return { ok: true, value: { kind: 'damaged', problem: stored.problem } };
  const inputs = fitInputs(request);
  // The page cannot fit as it is (its own messages say why): nothing to compare with yet, and the
  // checkpoint stays for when it can.
  if (!inputs.ok) return inputs;
  const { data, model } = inputs.value;
  const fixed = new Set(request.parameters.filter((p) => p.fixed).map((p) => p.name));
  const parameters = requestParameters(request);
  // A streamed table (issue 12): its counting pass's digest of the chosen columns, not the sample's.
  let fitted: FitData | DataDigest = modelFitData(model, data);
  if (session.stream) {
    const picked = streamedSelection(session.stream, request.mapping);
    if (!picked.ok) return { ok: false, error: { code: 'streamed', message: picked.problem, field: 'mapping' } };
    fitted = streamDigest(picked.value.usable);
  }
  // A fit the job does not checkpoint (src/job/validate.ts) resumes nothing: its options differ.
  const blocked = notCheckpointed(jobObjective(request.settings));
  const difference = blocked ? { part: 'options' as const, keys: [blocked] } : compareSubject(stored.record, { model: request.model, data: fitted, parameters, options: fitOptions(request.settings) });
  return { ok: true, value: offerFor(stored.record, difference, model.params.filter((name) => !fixed.has(name))) };
}

