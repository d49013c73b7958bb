/**
 * A number input that never loses what was typed: valid text is committed as you type (so the
 * curve follows), invalid text stays in the field marked as such until it is fixed, and the
 * field shows the formatted value whenever it is not being edited.
 */
import { useState } from 'react';
import { formatInput, parseInput } from '../format/number';

export interface NumberFieldProps {
  readonly value: number;
  readonly onCommit: (value: number) => void;
  /** The value an empty field means (−∞ for a lower bound, +∞ for an upper one). */
  readonly empty?: number;
  readonly label: string;
  readonly placeholder?: string;
  readonly testId?: string;
  readonly className?: string;
  readonly disabled?: boolean;
  readonly describedBy?: string;
  readonly invalid?: boolean;
  /** An empty field is valid and means `empty`, even when that is NaN ("use the default"). */
  readonly optional?: boolean;
}

export function NumberField({ value, onCommit, empty = NaN, label, placeholder, testId, className, disabled, describedBy, invalid, optional }: NumberFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? formatInput(value);
  const parsed = draft === null ? value : parseInput(draft, empty);
  const blank = draft !== null && draft.trim() === '';
  const bad = parsed === null || (draft !== null && Number.isNaN(parsed) && !(optional && blank));
  return (
    <input
      type="text"
      inputMode="decimal"
      spellCheck={false}
      autoComplete="off"
      className={`num ${className ?? ''}`}
      value={shown}
      placeholder={placeholder}
      aria-label={label}
      aria-invalid={bad || invalid ? true : undefined}
      aria-describedby={describedBy}
      title={bad ? 'Not a number' : undefined}
      data-testid={testId}
      disabled={disabled}
      onChange={(e) => {
        const text = e.target.value;
        setDraft(text);
        const v = parseInput(text, empty);
        if (v === null || Object.is(v, value)) return;
        if (!Number.isNaN(v) || (optional && text.trim() === '')) onCommit(v);
      }}
      onBlur={() => {
        if (draft !== null && !bad) setDraft(null);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && draft !== null) setDraft(null);
      }}
    />
  );
}
