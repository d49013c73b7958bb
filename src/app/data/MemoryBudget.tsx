/**
 * The memory budget (issue 12): a file whose fit would hold more than this in memory is streamed
 * from browser storage. A small field in the data panel that takes sizes as the CLI's
 * --memory-limit does (512M, 2G); a bad size says why beside the field and keeps what was typed.
 */
import { useEffect, useState } from 'react';
import { useApp } from '../../state';
import { setMemoryBudget } from '../../state/actions/memoryBudget';
import { budgetText, formatBudget, inMemoryBytesPerRow } from '../../store/memoryBudget';
import type { TableSummary } from '../../worker/api';

/**
 * A table held in memory that the budget would now stream: the budget does not move it (it is
 * read once, when a file is opened), which the field says (trial 5 lowered it to 64M under a
 * 2·10⁶-row table of ~94 MB and the page said nothing). Null when the table fits or is streamed.
 */
export function heldNote(table: TableSummary | null, budget: number): string | null {
  if (!table || table.stream) return null;
  const held = table.rows * inMemoryBytesPerRow(table.columns.length);
  if (held <= budget) return null;
  return `The table open now stays in memory (about ${formatBudget(held)}); the budget applies to the next file opened.`;
}

export function MemoryBudget() {
  const budget = useApp((s) => s.memoryBudget);
  const held = useApp((s) => heldNote(s.table, s.memoryBudget));
  const [draft, setDraft] = useState(() => budgetText(budget));
  const [problem, setProblem] = useState<string | null>(null);
  // Another way of setting it (a reset) shows here, unless a refused size is still being fixed.
  useEffect(() => {
    if (problem === null) setDraft(budgetText(budget));
  }, [budget]); // eslint-disable-line react-hooks/exhaustive-deps
  const apply = () => {
    const refused = setMemoryBudget(draft);
    setProblem(refused);
  };
  return (
    <div className="memory-budget" data-testid="memory-budget">
      <label className="memory-budget-field">
        <span>Memory budget</span>
        <input
          className="input memory-budget-input"
          value={draft}
          spellCheck={false}
          aria-invalid={problem !== null}
          aria-describedby="memory-budget-help"
          data-testid="memory-budget-input"
          onChange={(e) => setDraft(e.target.value)}
          onBlur={apply}
          onKeyDown={(e) => {
            // Enter sets the budget here; it must not also submit the setup form (which runs Fit).
            if (e.key === 'Enter') {
              e.preventDefault();
              e.stopPropagation();
              apply();
            }
          }}
        />
      </label>
      <span className="hint" id="memory-budget-help">
        {formatBudget(budget)} · a file that needs more is streamed from browser storage
      </span>
      {held && (
        <p className="hint memory-budget-held" data-testid="memory-budget-held">
          {held}
        </p>
      )}
      {problem && (
        <p className="field-error" role="alert" data-testid="memory-budget-error">
          {problem}
        </p>
      )}
    </div>
  );
}
