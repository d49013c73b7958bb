/** The built-in models, grouped by category; picking one guesses its starting values. */
import type { ModelCategory } from '../../library/types';
import { useApp } from '../../state';
import { LIBRARY } from '../../state/library';
import { pickLibraryModel } from '../../state/actions/model';
import { editModel } from '../../state/actions/modelEdit';
import { findOdeExample, ODE_EXAMPLES } from '../../library/ode/examples';
import { pickOdeExample } from '../../state/actions/odeExample';

const CATEGORY: Record<ModelCategory, string> = {
  basic: 'Basic',
  'growth-decay': 'Growth and decay',
  peaks: 'Peaks',
  'dose-response': 'Dose–response',
  oscillation: 'Oscillation',
  physics: 'Physics',
  sums: 'Sums',
};

export function LibraryPicker() {
  const libraryId = useApp((s) => s.libraryId);
  const text = useApp((s) => s.modelText);
  const groups = Object.entries(CATEGORY)
    .map(([key, label]) => ({ label, models: LIBRARY.filter((m) => m.category === key) }))
    .filter((g) => g.models.length > 0);
  return (
    <select
      className="select library-select"
      value={libraryId ?? ''}
      aria-label="Model library"
      data-testid="library-select"
      disabled={LIBRARY.length === 0}
      onChange={(e) => {
        if (findOdeExample(e.target.value)) void pickOdeExample(e.target.value);
        else if (e.target.value) void pickLibraryModel(e.target.value);
        else void editModel(text, null);
      }}
    >
      <option value="">{LIBRARY.length ? 'Custom expression' : 'Custom expression (library loading)'}</option>
      {groups.map((g) => (
        <optgroup key={g.label} label={g.label}>
          {g.models.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </optgroup>
      ))}
      {/* Statements over their samples' columns (issue 23): the Try a sample… list has the data. */}
      <optgroup label="Differential equations (ODE)">
        {ODE_EXAMPLES.map((e) => (
          <option key={e.id} value={e.id} title={e.description}>
            {e.name}
          </option>
        ))}
      </optgroup>
    </select>
  );
}
