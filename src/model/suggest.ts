/**
 * "Did you mean …?" for misspelled function names: the closest whitelist name by
 * Damerau–Levenshtein distance (optimal string alignment: insertions, deletions, substitutions
 * and adjacent transpositions each cost 1; Damerau 1964, Levenshtein 1966).
 */

/** Optimal-string-alignment distance between a and b. */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  // d[i][j] = distance between a[0..i) and b[0..j), kept as full rows for the transposition step
  const d: number[][] = [];
  for (let i = 0; i <= m; i++) {
    d.push(new Array<number>(n + 1).fill(0));
    d[i][0] = i;
  }
  for (let j = 0; j <= n; j++) d[0][j] = j;
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, d[i - 2][j - 2] + 1);
      }
      d[i][j] = v;
    }
  }
  return d[m][n];
}

/**
 * The closest candidate to `name`, compared case-insensitively, if it is close enough to be a
 * plausible typo: distance 1 for names of up to 3 letters, 2 for longer ones. Ties go to a
 * candidate with the same first letter, then to the earlier candidate.
 */
export function closest(name: string, candidates: readonly string[]): string | undefined {
  if (name.length > 32) return undefined; // no typo of a short name is that long; bounds the work
  const lower = name.toLowerCase();
  const limit = lower.length <= 3 ? 1 : 2;
  let best: string | undefined;
  let bestD = limit + 1;
  for (const c of candidates) {
    const dist = editDistance(lower, c);
    // among equally close names, one with the same first letter (sn → sin, not ln)
    const better = dist < bestD || (dist === bestD && best !== undefined && c[0] === lower[0] && best[0] !== lower[0]);
    if (better) {
      best = c;
      bestD = dist;
    }
  }
  return best;
}
