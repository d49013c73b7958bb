/** Before there is data: one clear sentence, and the samples as one-click cards. */
import { useApp } from '../../state';
import { loadSample } from '../../state/actions/samples';
import { DATA_SUMMARY_ID } from '../data/TableInfo';

/** The card that had focus is gone with the empty state: the keyboard goes on from what was
 *  loaded (the data summary, read out by screen readers; Tab continues to the columns). */
function focusDataSummary(): void {
  requestAnimationFrame(() => document.getElementById(DATA_SUMMARY_ID)?.focus());
}

export function EmptyState() {
  const samples = useApp((s) => s.samples);
  return (
    <section className="card empty-state" data-testid="empty-state">
      <div className="drop-target" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="44" height="44">
          <path d="M24 6v24m0 0-9-9m9 9 9-9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
          <path d="M8 30v8a4 4 0 0 0 4 4h24a4 4 0 0 0 4-4v-8" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </div>
      <h2 className="empty-title">Drop a CSV here, paste from a spreadsheet, or try a sample</h2>
      <p className="muted">CSV, TSV and whitespace-separated text; headers, quoted fields and decimal commas are detected. The data stay in this browser tab.</p>
      {samples && samples.length > 0 && (
        <ul className="sample-cards" aria-label="Sample datasets">
          {samples.map((s) => (
            <li key={s.id}>
              <button type="button" className="sample-card" onClick={() => void loadSample(s).then((ok) => ok && focusDataSummary())} data-testid={`sample-${s.id}`}>
                <span className="sample-title">{s.title}</span>
                <span className="sample-desc">{s.description}</span>
                <code className="sample-model">{s.model}</code>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
