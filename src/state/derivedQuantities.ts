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

/** A quantity of the results: a derived one, or a tied parameter (tied: true; state/ties.ts). */
export type PageQuantity = DerivedQuantity & { readonly tied: boolean };

export interface PageDerived {
  /** The entries that could be computed, in the order typed (the ties are not among them). */
  readonly specs: readonly DerivedSpec[];
  /** The tied parameters first (as the CLI reports --tie), then the entries typed. */
  readonly quantities: readonly PageQuantity[];
  readonly errors: readonly DerivedLineError[];
}

/** The typed entries, blank ones dropped. */
export function derivedEntries(text: string): string[] {
  return text
    .split(/[\n;]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * The tied parameters of a fit as derived quantities (the CLI's --tie does the same): each tie
 * whose parameter the fit did not fit and whose expression uses only the fit's parameters. (A tie
 * made after the fit is left out: the results then say they describe the last fit.)
 */
export function tiedQuantities(result: FitResult, ties: readonly DerivedSpec[]): PageQuantity[] {
  const fitted = new Set(result.parameters.map((p) => p.name));
  return ties.flatMap((tie) => {
    if (fitted.has(tie.name)) return [];
    try {
      return deriveQuantities(result, [tie]).map((q) => ({ ...q, tied: true }));
    } catch {
      return [];
    }
  });
}

export function pageDerived(text: string, result: FitResult, ties: readonly DerivedSpec[] = []): PageDerived {
  const specs: DerivedSpec[] = [];
  const quantities: PageQuantity[] = tiedQuantities(result, ties);
  const errors: DerivedLineError[] = [];
  // A Set of names, never a plain object: "__proto__" is a name like any other. A tied
  // parameter's name is taken too.
  const seen = new Set<string>(quantities.map((q) => q.name));
  derivedEntries(text).forEach((entry, i) => {
    const spec = parseDerivedSpec(entry);
    if (!spec) return errors.push({ entry: i + 1, message: `"${entry}" is not name = expression; write e.g. half = ln(2)/k.` });
    if (seen.has(spec.name)) return errors.push({ entry: i + 1, message: ties.some((t) => t.name === spec.name) ? `"${spec.name}" is a tied parameter, shown above; give the quantity another name.` : `"${spec.name}" is named twice; give each quantity its own name.` });
    try {
      const [q] = deriveQuantities(result, [spec]);
      seen.add(spec.name);
      specs.push(spec);
      quantities.push({ ...q, tied: false });
    } catch (error) {
      errors.push({ entry: i + 1, message: error instanceof Error ? error.message : String(error) });
    }
  });
  return { specs, quantities, errors };
}
