/** What the parser sees: the parameters to fit and the data columns used, as you type, with hints
 *  when a name probably means something else. */
import { useApp } from '../../state';
import { renameModelVariable } from '../../state/actions/model';
import { caseHints } from '../../state/nameHints';

export function DetectedNames() {
  const info = useApp((s) => s.modelInfo);
  const table = useApp((s) => s.table);
  const columns = table ? table.columns.map((c) => c.name) : null;
  const x = useApp((s) => s.mapping.x);
  const named = useApp((s) => s.modelNamedX);
  const groups = useApp((s) => (s.groupWide ? null : s.groupBy));
  if (info.error || info.params.length + info.variables.length === 0) return null;
  const columnParams = columns ? info.params.filter((p) => columns.includes(p)) : [];
  const strayX = columns && info.variables.length === 0 && info.params.includes('x') && x.length > 0 && !x.includes('x') ? x[0] : null;
  const byCase = columns ? caseHints(info.params, columns, x) : [];
  return (
    <div className="detected" id="model-names" data-testid="detected-names">
      <div className="detected-row">
        <span className="detected-label">Parameters</span>
        <span className="chips" data-testid="detected-params">
          {info.params.map((p) => (
            <code className="chip chip-param" key={p}>
              {p}
            </code>
          ))}
        </span>
      </div>
      <div className="detected-row">
        <span className="detected-label">Variables</span>
        <span className="chips" data-testid="detected-variables">
          {info.variables.length ? (
            info.variables.map((v) => (
              <code className="chip chip-var" key={v}>
                {v}
              </code>
            ))
          ) : (
            <span className="muted small">none{columns ? ' (the model uses no data column)' : ''}</span>
          )}
        </span>
      </div>
      {named.length > 0 && (
        <p className="hint small" data-testid="named-columns">
          {named.map((n) => `“${n}”`).join(', ')} {named.length === 1 ? 'is a data column' : 'are data columns'}, so the model reads {named.length === 1 ? 'it' : 'them'} as data, one value per row (as fitbench fit does), not as {named.length === 1 ? 'a parameter' : 'parameters'}: added to x.
          {groups ? ` A column that holds one value within each ${groups} (a dose per subject) is that group’s constant: each group’s curve is drawn at it.` : ''}
        </p>
      )}
      {strayX && (
        <p className="hint small">
          “x” is not a column here, so it would be fitted as a parameter.{' '}
          <button type="button" className="link-btn" onClick={() => renameModelVariable('x', strayX)}>
            Write the model in “{strayX}”
          </button>
        </p>
      )}
      {byCase.map((h) => (
        <p className="hint small" key={`case-${h.param}`} data-testid="case-hint">
          “{h.param}” is a parameter; did you mean the column “{h.column}”?{' '}
          {h.isX ? (
            <button type="button" className="link-btn" onClick={() => renameModelVariable(h.param, h.column)}>
              Use “{h.column}”
            </button>
          ) : (
            'Names are case-sensitive.'
          )}
        </p>
      ))}
      {columnParams.map((p) => (
        <p className="hint small" key={p}>
          “{p}” is a data column but not an x variable, so it is fitted as a parameter. Add it as an x variable to use it as data.
        </p>
      ))}
    </div>
  );
}
