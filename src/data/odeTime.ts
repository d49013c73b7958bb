/**
 * The time column of an ODE model (issue 23) when none was picked for it: a column named t or
 * time (any case), as `fitbench fit` reads it (src/cli/odeLoad.ts) and the page (state/
 * modelColumns.ts) when its x column is one the model observes.
 */
export const TIME_NAMES: readonly string[] = ['t', 'time'];

/** The first of `names` called t, else time (any case); null when there is none. */
export function namedTimeColumn(names: readonly string[]): string | null {
  for (const wanted of TIME_NAMES) {
    const found = names.find((n) => n.toLowerCase() === wanted);
    if (found !== undefined) return found;
  }
  return null;
}
