/**
 * A parameter's fixed/random switch in a mixed-effects fit over groups (issue 25): fixed, one
 * population value for all groups (a fixed effect only); random, the population value plus one
 * random effect per group, bᵍ ~ N(0, Ψ) (Pinheiro & Bates 2000, §7.1). The global mode's
 * shared/local switch in the same place and look; it says its state in words: "random", or
 * "common" for a fixed effect only (one value common to all groups). A parameter held
 * at its value ("fixed" box) has no effect to estimate: its switch is off and disabled.
 */
import { useApp } from '../../state';
import { setRandom } from '../../state/actions/mixed';
import type { ParamRow } from '../../state/slices/params';

export function RandomToggle({ row, disabled }: { readonly row: ParamRow; readonly disabled: boolean }) {
  const marked = useApp((s) => s.randomParams.includes(row.name));
  const random = marked && !row.fixed;
  const title = row.fixed
    ? `${row.name} is held at its value: it has no effect to estimate`
    : random
      ? `${row.name} is random: a population value plus one random effect per group (click for one value for all groups)`
      : `${row.name} is a fixed effect: one value for all groups (click to give each group a random effect)`;
  return (
    <label className={random ? 'shared-toggle is-shared' : 'shared-toggle'} title={title}>
      <input
        type="checkbox"
        role="switch"
        checked={random}
        disabled={disabled || row.fixed}
        onChange={(e) => setRandom(row.name, e.target.checked)}
        aria-label={`${row.name} random per group`}
        data-testid={`param-random-${row.name}`}
      />
      {/* Not "fixed": the row's "fixed" box (held at its value) sits beside it and means another thing. */}
      <span aria-hidden="true">{random ? 'random' : 'common'}</span>
    </label>
  );
}
