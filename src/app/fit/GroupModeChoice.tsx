/**
 * "Each group / Global / Mixed effects" (issues 9, 25): how the groups are fitted, a radio group
 * (arrow keys move between the modes, as radios do). Global shows a shared/local switch in each
 * parameter row, Mixed effects a fixed/random switch (src/app/mixed/RandomToggle.tsx).
 */
import { useApp } from '../../state';
import { setGroupMode } from '../../state/actions/global';
import { odrMixedBlocker } from '../../state/selectors/fitBlockers';

const MODES = [
  { mode: 'each', label: 'Each group', hint: 'every group fitted on its own' },
  { mode: 'global', label: 'Global', hint: 'one fit of all groups; shared parameters take one value' },
  { mode: 'mixed', label: 'Mixed effects', hint: 'population values with random effects per group (partial pooling, as R’s nlme)' },
] as const;

export function GroupModeChoice({ disabled }: { readonly disabled: boolean }) {
  const mode = useApp((s) => s.groupMode);
  // Errors in x fit each group and globally, not with mixed effects (the job refuses it).
  const mixedOff = useApp(odrMixedBlocker);
  return (
    <div className="mode-choice" role="radiogroup" aria-label="Fit the groups" data-testid="group-mode">
      {MODES.map((m) => (
        <label key={m.mode} className={mode === m.mode ? 'mode-option is-on' : 'mode-option'} title={m.mode === 'mixed' && mixedOff ? mixedOff : m.hint}>
          <input type="radio" name="group-mode" value={m.mode} checked={mode === m.mode} disabled={disabled || (m.mode === 'mixed' && mixedOff !== null)} onChange={() => setGroupMode(m.mode)} data-testid={`group-mode-${m.mode}`} />
          {m.label}
        </label>
      ))}
    </div>
  );
}
