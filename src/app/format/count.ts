/**
 * Counts as the page writes them ('12,345', the same as `n.toLocaleString('en-US')`), through one
 * Intl.NumberFormat kept for the page.
 *
 * `toLocaleString('en-US')` reuses V8's one cached formatter only while no call with another locale
 * replaced it; otherwise each call built a new ICU formatter, 6–8 ms in Chromium, several times in
 * the task that delivers a sample's rows (bench/firstplot-trace.ts, issue 13).
 */
let format: Intl.NumberFormat | null = null;

export function formatCount(n: number): string {
  format ??= new Intl.NumberFormat('en-US');
  return format.format(n);
}
