/**
 * Derived quantities on the page (issue 10): one `name = expression` per line (or separated by
 * ";"), each computed from the fit with its delta-method standard error by src/fit/derived.ts,
 * the same code as the CLI's --derive. A line that cannot be used gets its own message (the
 * others are still computed), naming the line and what to write instead.
 */
import { deriveQuantities, parseDerivedSpec, type DerivedQuantity, type DerivedSpec } from '../fit/derived';
import type { FitResult } from '../fit/types';

export interface DerivedLineError {
  /** 1-based entry number, in the order typed. */
  readonly entry: number;
  readonly message: string;
}

export interface PageDerived {
  /** The entries that could be computed, in the order typed. */
  readonly specs: readonly DerivedSpec[];
  readonly quantities: readonly DerivedQuantity[];
  readonly errors: readonly DerivedLineError[];
}

/** The typed entries, blank ones dropped. */
export function derivedEntries(text: string): string[] {
  return text
    .split(/[\n;]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export function pageDerived(text: string, result: FitResult): PageDerived {
  const specs: DerivedSpec[] = [];
  const quantities: DerivedQuantity[] = [];
  const errors: DerivedLineError[] = [];
  // A Set of names, never a plain object: "__proto__" is a name like any other.
  const seen = new Set<string>();
  derivedEntries(text).forEach((entry, i) => {
    const spec = parseDerivedSpec(entry);
    if (!spec) return errors.push({ entry: i + 1, message: `"${entry}" is not name = expression; write e.g. half = ln(2)/k.` });
    if (seen.has(spec.name)) return errors.push({ entry: i + 1, message: `"${spec.name}" is named twice; give each quantity its own name.` });
    try {
      const [q] = deriveQuantities(result, [spec]);
      seen.add(spec.name);
      specs.push(spec);
      quantities.push(q);
    } catch (error) {
      errors.push({ entry: i + 1, message: error instanceof Error ? error.message : String(error) });
    }
  });
  return { specs, quantities, errors };
}
