/**
 * The mixed-effects card's comparisons (issue 25), laid out as R's anova(fit1, fit2) (Pinheiro &
 * Bates 2000, §2.4.1): this fit's parameter count, log-likelihood, AIC and BIC, and below it each
 * model it was compared with (the global fit always; a smaller random structure on asking) with
 * the likelihood-ratio statistic, its df and p; each comparison's verdict in words
 * (comparisonWords.ts) and the boundary note. The control refits with a nested structure from
 * smallerStructures.ts (the command line's --compare-random / --compare-random-cov: one job).
 */
import { useState } from 'react';
import { useApp } from '../../state';
import { runMixedFit } from '../../state/actions/mixed';
import { anyFitRunning } from '../../state/selectors/groupFits';
import type { ComparedModel, MixedComparison } from '../../fit/mixed/compareMixed';
import { comparisonVerdict, modelName } from '../../fit/mixed/comparisonWords';
import { BOUNDARY_NOTE } from '../../fit/mixed/likelihoodRatio';
import { smallerStructureLabel, smallerStructures } from '../../fit/mixed/smallerStructures';
import type { MixedFitOutcome } from '../../worker/api';
import { ScrollingTable } from '../common/ScrollingTable';
import { num, pValue } from './MixedTables';

/** The side of a comparison that is not this fit (the global fit, or the other structure). */
function otherSide(c: MixedComparison, m: MixedFitOutcome['mixed']): ComparedModel {
  const isThis = (s: ComparedModel) => s.kind === 'mixed' && s.cov === m.cov && s.random.length === m.random.length && s.random.every((n) => m.random.includes(n));
  return isThis(c.simpler) ? c.richer : c.simpler;
}

const upper = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function ComparisonTable({ g }: { readonly g: MixedFitOutcome }) {
  const m = g.mixed;
  const self: ComparedModel = { kind: 'mixed', random: m.random, cov: m.cov, logLik: m.logLik, aic: m.aic, bic: m.bic, parameterCount: m.parameterCount };
  return (
    <ScrollingTable testId="mixed-compare">
      <table className="group-table" data-testid="mixed-compare-table">
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col" className="cell-num" title="Parameters counted as anova counts them: fixed effects, Ψ's entries and σ">Params</th>
            <th scope="col" className="cell-num">logLik</th>
            <th scope="col" className="cell-num">AIC</th>
            <th scope="col" className="cell-num">BIC</th>
            <th scope="col" className="cell-num" title="Likelihood ratio 2(ℓ richer − ℓ simpler)">LR</th>
            <th scope="col" className="cell-num">df</th>
            <th scope="col" className="cell-num" title="χ² p value: conservative, a variance on the boundary">p</th>
          </tr>
        </thead>
        <tbody>
          <tr data-model="this">
            <th scope="row">{upper(modelName(self))} (this fit)</th>
            <td className="cell-num">{self.parameterCount}</td>
            <td className="cell-num">{num(self.logLik, 8)}</td>
            <td className="cell-num">{num(self.aic, 7)}</td>
            <td className="cell-num">{num(self.bic, 7)}</td>
            <td className="cell-num" colSpan={3} />
          </tr>
          {g.comparisons.map((c) => {
            const o = otherSide(c, m);
            return (
              <tr key={`${c.against}-${o.random.join(',')}-${o.cov}`} data-model={c.against} data-random={o.random.join(',')} data-cov={o.cov ?? ''} data-loglik={String(o.logLik)} data-aic={String(o.aic)} data-bic={String(o.bic)} data-lr={String(c.lr)} data-df={String(c.df)} data-p={String(c.pValue)}>
                <th scope="row">{upper(modelName(o))}</th>
                <td className="cell-num">{o.parameterCount}</td>
                <td className="cell-num">{num(o.logLik, 8)}</td>
                <td className="cell-num">{num(o.aic, 7)}</td>
                <td className="cell-num">{num(o.bic, 7)}</td>
                <td className="cell-num" data-col="lr">{num(c.lr, 5)}</td>
                <td className="cell-num" data-col="df">{c.df}</td>
                <td className="cell-num" data-col="p">{pValue(c.pValue)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollingTable>
  );
}

/** A nested random structure to fit and compare with (none below a single random effect). */
function CompareControl({ g }: { readonly g: MixedFitOutcome }) {
  const m = g.mixed;
  const fitted = { random: m.random, cov: m.cov };
  const options = smallerStructures(fitted);
  const [pick, setPick] = useState(0);
  const running = useApp((s) => s.mixedStatus === 'running');
  const busy = useApp(anyFitRunning);
  if (options.length === 0) {
    return <p className="muted small" data-testid="mixed-compare-none">With one random effect the smaller model is the global fit, compared above. Mark a second parameter random to compare random structures.</p>;
  }
  const chosen = options[Math.min(pick, options.length - 1)];
  return (
    <div className="mixed-compare-control" data-testid="mixed-compare-control">
      <label>
        Compare with a smaller random structure{' '}
        <select value={Math.min(pick, options.length - 1)} onChange={(e) => setPick(Number(e.target.value))} disabled={busy} data-testid="mixed-compare-pick">
          {options.map((o, i) => <option key={i} value={i}>{smallerStructureLabel(fitted, o)}</option>)}
        </select>
      </label>{' '}
      <button type="button" className="btn btn-small" disabled={busy} onClick={() => void runMixedFit(chosen)} data-testid="mixed-compare-button">
        {running ? 'Fitting both…' : 'Compare'}
      </button>
    </div>
  );
}

export function MixedComparisons({ g }: { readonly g: MixedFitOutcome }) {
  return (
    <div className="notice notice-info global-verdict mixed-comparisons" data-testid="mixed-comparison">
      <h3 className="global-caption">Comparison of models (likelihood-ratio test, AIC, BIC)</h3>
      <ComparisonTable g={g} />
      {g.comparisons.map((c) => (
        <p key={`${c.against}-${c.simpler.random.join(',')}-${c.simpler.cov}`} className="global-verdict-text" data-against={c.against} data-lr={String(c.lr)} data-p={String(c.pValue)} data-delta-aic={String(c.deltaAic)}>
          {comparisonVerdict(c)}
        </p>
      ))}
      <p className="muted small" data-testid="mixed-boundary-note">{BOUNDARY_NOTE}</p>
      <CompareControl g={g} />
    </div>
  );
}
