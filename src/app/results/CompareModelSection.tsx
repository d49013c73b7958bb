/**
 * "Compare with another model" (issue 10): type a second model (or start from this one or a
 * library model), optionally fix some of its parameters, and the worker fits it to the same rows
 * and compares it with this fit: the F test when one is the other with parameters fixed (checked on
 * the formulas, src/fit/compare/nesting.ts), AICc and Akaike weights always, the verdict in words.
 */
import { useState, type FormEvent } from 'react';
import type { FitOutcome } from '../../worker/api';
import type { ModelComparison } from '../../fit/compare/compareModels';
import { useApp } from '../../state';
import { LIBRARY } from '../../state/library';
import { libraryText } from '../../state/selectors/modelColumns';
import { cancelModelCompare, parseFixedList, runModelCompare, setCompareDraft } from '../../state/actions/modelCompare';
import { formatNumber } from '../format/number';
import { CompareTables } from './CompareTables';

const THIS_MODEL = '\u0000this';

export function CompareModelSection({ outcome }: { readonly outcome: FitOutcome }) {
  const run = useApp((s) => s.modelCompare);
  const busy = useApp((s) => s.fitStatus === 'running' || s.batchStatus === 'running' || s.profileRun.status === 'running');
  const modelText = useApp((s) => s.modelText);
  const table = useApp((s) => s.table);
  const mapping = useApp((s) => s.mapping);
  const { model: text, fixed: fixedText } = useApp((s) => s.compareDraft);
  const setText = (model: string) => setCompareDraft({ model });
  const setFixedText = (fixed: string) => setCompareDraft({ fixed });
  const [inputError, setInputError] = useState<{ field: 'model' | 'fixed'; message: string } | null>(null);
  const [nested, setNested] = useState(false);
  const mine = run.outcome === outcome;
  const running = mine && run.status === 'running';
  const result = mine && run.status === 'done' ? run.result : null;
  const workerError = mine && run.status === 'error' ? run.error : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() === '') return setInputError({ field: 'model', message: 'Type the second model, e.g. this one with a term more, or pick one under "Start from".' });
    const fixed = parseFixedList(fixedText);
    if (!fixed.ok) return setInputError({ field: 'fixed', message: fixed.message });
    setInputError(null);
    void runModelCompare(text.trim(), fixed.value, nested);
  };
  const pick = (value: string) => {
    if (value === THIS_MODEL) setText(modelText);
    else if (value) setText(libraryText(value, { table, mapping }) ?? text);
    setInputError(null);
  };
  const modelInvalid = inputError?.field === 'model' || workerError?.field === 'model';

  return (
    <section className="card compare-card" aria-labelledby="compare-title" data-testid="compare-section" data-status={mine ? run.status : 'idle'}>
      <header className="results-head">
        <h2 className="card-title" id="compare-title">
          Compare with another model
        </h2>
        {running && (
          <>
            <span className="muted small" role="status" data-testid="compare-progress">
              {run.progress ? `Fitting the second model: ${run.progress.phase === 'search' ? 'searching starts' : 'refining'} ${run.progress.done} of ${run.progress.total}` : 'Starting…'}
            </span>
            <button type="button" className="btn btn-small btn-cancel" onClick={cancelModelCompare} data-testid="compare-cancel">
              Cancel
            </button>
          </>
        )}
      </header>
      <p className="muted small compare-intro">
        Fit a second model to the same rows and see which one the data support: the extra-sum-of-squares F test when one model is the other with parameters fixed (checked on the formulas), Akaike’s AICc always. Its start values are found automatically.
      </p>
      <form className="compare-form" onSubmit={submit}>
        <label className="compare-field compare-model-field">
          <span className="compare-label">Second model</span>
          <input
            className="input mono"
            value={text}
            placeholder={modelText ? `${modelText} + c` : 'a*exp(-k*x) + c'}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={modelInvalid}
            onChange={(e) => {
              setText(e.target.value);
              setInputError(null);
            }}
            data-testid="compare-model-input"
          />
        </label>
        <label className="compare-field">
          <span className="compare-label">Start from</span>
          <select className="select" value="" onChange={(e) => pick(e.target.value)} data-testid="compare-pick">
            <option value="">Pick…</option>
            <option value={THIS_MODEL}>This model</option>
            {LIBRARY.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <label className="compare-field compare-fixed-field">
          <span className="compare-label">Fixed (optional)</span>
          <input className="input mono" value={fixedText} placeholder="K=0.05" spellCheck={false} autoComplete="off" aria-invalid={inputError?.field === 'fixed'} onChange={(e) => {
            setFixedText(e.target.value);
            setInputError(null);
          }} data-testid="compare-fixed-input" />
        </label>
        <label className="check compare-nested" title="The F test needs one model to be the other with parameters fixed. Fitbench checks this on the formulas; tick this where you know it holds but the check cannot tell (the CLI's --nested).">
          <input type="checkbox" checked={nested} onChange={(e) => setNested(e.target.checked)} data-testid="compare-nested" />
          Nested (state it where the check cannot tell)
        </label>
        <button type="submit" className="btn btn-small btn-primary compare-submit" disabled={busy || running} data-testid="compare-button">
          {result ? 'Compare again' : 'Compare'}
        </button>
      </form>
      {(inputError || workerError) && (
        <p className="field-error" role="alert" data-testid="compare-error">
          {inputError?.message ?? workerError?.message}
        </p>
      )}
      {mine && run.status === 'cancelled' && (
        <p className="muted small" data-testid="compare-cancelled">
          The comparison was cancelled. Press Compare to run it again.
        </p>
      )}
      {result && (
        <>
          <p className={`compare-verdict${result.comparison.valid ? '' : ' compare-invalid'}`} data-testid="compare-verdict" data-preferred={String(result.comparison.preferred)} data-nested={String(result.comparison.nested)} data-f={String(result.comparison.F)} data-p={String(result.comparison.p)}>
            {result.comparison.verdict}
          </p>
          <p className="muted small" data-testid="compare-nesting">
            {nestingText(result.comparison)}
          </p>
          <CompareTables result={result} first={outcome.result} />
        </>
      )}
    </section>
  );
}

/** How the comparison was decided, in one sentence. */
function nestingText(c: ModelComparison): string {
  if (c.simpler === null) return 'Not nested (checked on the formulas: neither model is the other with parameters replaced by constants), so they are compared by AICc only. Tick "Nested" if you know one is the other in another form.';
  const simpler = c.simpler === 0 ? 'this model' : 'the second model';
  const fuller = c.simpler === 0 ? 'the second' : 'this one';
  if (c.nested === 'user') return `Nested as you stated (the formulas do not show it): ${simpler} is taken as the simpler one, so the extra-sum-of-squares F test applies.`;
  const constants = [...c.constants].map(([name, value]) => `${name} = ${formatNumber(value, 6)}`).join(', ');
  // The verdict above states F and p; this line says why the test applies.
  return `Nested: ${simpler} is ${fuller} with ${constants}, so the extra-sum-of-squares F test applies.`;
}
