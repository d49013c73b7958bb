/** The first rows of the file as read, with the role of each chosen column. */
import { useApp } from '../../state';

const ROWS = 6;

export function Preview() {
  const table = useApp((s) => s.table);
  const mapping = useApp((s) => s.mapping);
  if (!table) return null;
  const names = table.columns.map((c) => c.name);
  const body = table.preview.slice(table.hasHeader ? 1 : 0, (table.hasHeader ? 1 : 0) + ROWS);
  const role = (name: string) => (mapping.x.includes(name) ? 'x' : name === mapping.y ? 'y' : name === mapping.sigma ? 'σ' : null);
  return (
    <details className="preview" data-testid="data-preview">
      <summary>Preview of the first rows</summary>
      <div className="preview-scroll">
        <table className="preview-table">
          <thead>
            <tr>
              {names.map((n) => (
                <th key={n} scope="col">
                  {role(n) && <span className={`role role-${role(n) === 'σ' ? 's' : role(n)}`}>{role(n)}</span>} {n}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {body.map((row, r) => (
              <tr key={r}>
                {names.map((n, c) => (
                  <td key={n}>{row[c] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
