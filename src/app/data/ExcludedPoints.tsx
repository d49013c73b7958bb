/** The points excluded from the fit (clicked or box-selected on the plot), listed by file line,
 *  each one clickable back in, with "Re-include all". */
import { useApp } from '../../state';
import { reincludeAll, toggleExcluded } from '../../state/actions/rows';
import { formatCount } from '../format/count';

const NONE: readonly number[] = [];
const SHOWN = 40;

export function ExcludedPoints() {
  const lines = useApp((s) => s.mapping.rows?.exclude ?? NONE);
  const count = useApp((s) => s.selection?.excludedCount ?? 0);
  if (lines.length === 0) {
    return <p className="muted small" data-testid="excluded-hint">Click a point on the plot to exclude it from the fit, or use the box select tool to exclude many.</p>;
  }
  return (
    <div className="excluded-points" data-testid="excluded-points">
      <span>
        <strong data-testid="excluded-count">{formatCount(count)}</strong> excluded {count === 1 ? 'point' : 'points'}:{' '}
      </span>
      <ul className="chips" aria-label="Excluded lines">
        {lines.slice(0, SHOWN).map((line) => (
          <li key={line} className="chip">
            <button type="button" className="link-btn" title={`Take line ${line} back into the fit`} onClick={() => void toggleExcluded(line)}>
              line {line}
            </button>
          </li>
        ))}
        {lines.length > SHOWN && <li className="chip muted">…{formatCount(lines.length - SHOWN)} more</li>}
      </ul>
      <button type="button" className="btn btn-small" data-testid="reinclude-all" onClick={() => void reincludeAll()}>
        Re-include all
      </button>
    </div>
  );
}
