/**
 * "Each group / Global" (issue 9): how the groups are fitted, a two-way radio group (arrow keys
 * move between the two, as radios do). Global shows a shared/local switch in each parameter row.
 */
import { useApp } from '../../state';
import { setGroupMode } from '../../state/actions/global';

const MODES = [
  { mode: 'each', label: 'Each group', hint: 'every group fitted on its own' },
  { mode: 'global', label: 'Global', hint: 'one fit of all groups; shared parameters take one value' },
] as const;

export function GroupModeChoice({ disabled }: { readonly disabled: boolean }) {
  const mode = useApp((s) => s.groupMode);
  return (
    <div className="mode-choice" role="radiogroup" aria-label="Fit the groups" data-testid="group-mode">
      {MODES.map((m) => (
        <label key={m.mode} className={mode === m.mode ? 'mode-option is-on' : 'mode-option'} title={m.hint}>
          <input type="radio" name="group-mode" value={m.mode} checked={mode === m.mode} disabled={disabled} onChange={() => setGroupMode(m.mode)} data-testid={`group-mode-${m.mode}`} />
          {m.label}
        </label>
      ))}
    </div>
  );
}
