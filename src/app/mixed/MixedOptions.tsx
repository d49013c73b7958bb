/**
 * The mixed-effects fit's two choices (issue 25), shown under the mode choice in "Mixed effects":
 * Ψ, the random effects' covariance, general (nlme's pdLogChol: every correlation estimated) or
 * diagonal (pdDiag: uncorrelated effects); and the likelihood, ML (nlme's default; needed to
 * compare fixed-effect structures) or REML (less biased variances). Changing either drops the
 * mixed results (state/actions/mixed.ts), which belong to the choice they were fitted with.
 */
import { useApp } from '../../state';
import { setMixedMethod, setRandomCov } from '../../state/actions/mixed';

const COVS = [
  { value: 'full', label: 'General Ψ', hint: 'every random effect’s variance and their correlations (nlme’s pdLogChol)' },
  { value: 'diag', label: 'Diagonal Ψ', hint: 'variances only, the random effects uncorrelated (nlme’s pdDiag)' },
] as const;

const METHODS = [
  { value: 'ml', label: 'ML', hint: 'maximum likelihood (nlme’s default; compare fixed-effect structures with it)' },
  { value: 'reml', label: 'REML', hint: 'restricted maximum likelihood (variances less biased)' },
] as const;

export function MixedOptions({ disabled }: { readonly disabled: boolean }) {
  const cov = useApp((s) => s.randomCov);
  const method = useApp((s) => s.mixedMethod);
  return (
    <div className="mixed-options" data-testid="mixed-options">
      <div className="mode-choice" role="radiogroup" aria-label="Random-effects covariance Ψ">
        {COVS.map((c) => (
          <label key={c.value} className={cov === c.value ? 'mode-option is-on' : 'mode-option'} title={c.hint}>
            <input type="radio" name="mixed-cov" value={c.value} checked={cov === c.value} disabled={disabled} onChange={() => setRandomCov(c.value)} data-testid={`mixed-cov-${c.value}`} />
            {c.label}
          </label>
        ))}
      </div>
      <div className="mode-choice" role="radiogroup" aria-label="Likelihood">
        {METHODS.map((m) => (
          <label key={m.value} className={method === m.value ? 'mode-option is-on' : 'mode-option'} title={m.hint}>
            <input type="radio" name="mixed-method" value={m.value} checked={method === m.value} disabled={disabled} onChange={() => setMixedMethod(m.value)} data-testid={`mixed-method-${m.value}`} />
            {m.label}
          </label>
        ))}
      </div>
    </div>
  );
}
