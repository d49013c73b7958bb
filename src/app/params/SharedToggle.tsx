/**
 * A parameter's shared/local switch in a global fit over groups (issue 9): shared, one value for
 * all groups; local, one value per group. A checkbox with the switch role (Space toggles it) that
 * says its state in words, so it reads without colour. A fixed parameter is the same in every
 * group already: its switch is off and disabled.
 */
import { useApp } from '../../state';
import { setShared } from '../../state/actions/global';
import type { ParamRow } from '../../state/slices/params';

export function SharedToggle({ row, disabled }: { readonly row: ParamRow; readonly disabled: boolean }) {
  const marked = useApp((s) => s.sharedParams.includes(row.name));
  const shared = marked && !row.fixed;
  const title = row.fixed
    ? `${row.name} is fixed: it is the same in every group already`
    : shared
      ? `${row.name} is shared: one value for all groups (click for one value per group)`
      : `${row.name} is local: one value per group (click to share one value among all groups)`;
  return (
    <label className={shared ? 'shared-toggle is-shared' : 'shared-toggle'} title={title}>
      <input
        type="checkbox"
        role="switch"
        checked={shared}
        disabled={disabled || row.fixed}
        onChange={(e) => setShared(row.name, e.target.checked)}
        aria-label={`${row.name} shared by all groups`}
        data-testid={`param-shared-${row.name}`}
      />
      <span aria-hidden="true">{shared ? 'shared' : 'local'}</span>
    </label>
  );
}
