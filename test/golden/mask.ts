/**
 * What the golden comparison does not compare: times (JSON keys ending in Ms, savedAt, the
 * default memory limit, which is half of this machine's memory) and, in text, durations
 * ("12.3 ms", "1.2 s"), dates and the folder the run used; on stderr, the progress lines a
 * streamed fit prints at most once a second (how many depends on the clock).
 */
const TIMED_KEY = /Ms$|^savedAt$|^elapsed/;

function maskValue(key: string, value: unknown, parent: string): unknown {
  if (TIMED_KEY.test(key) && (typeof value === 'number' || typeof value === 'string')) return '<masked>';
  if (key === 'limit' && parent === 'memory') return '<masked>';
  if (Array.isArray(value)) return value.map((v) => maskValue('', v, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskValue(k, v, key)]));
  if (typeof value === 'string') return maskText(value, null);
  return value;
}

export function maskText(text: string, dir: string | null): string {
  let out = dir ? text.split(dir).join('<dir>') : text;
  out = out.replace(/\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z\b/g, '<date>');
  out = out.replace(/\b\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\b/g, '<date>');
  out = out.replace(/\b\d+(\.\d+)?(e[-+]?\d+)? ?(ms|s)\b/g, '<time>');
  return out;
}

/** stdout: one JSON object per line where a line parses, masked by key; other lines as text. */
export function maskJsonText(text: string, dir: string): unknown {
  const lines = text.split('\n');
  return lines.map((line) => {
    const t = line.trim();
    if (t.startsWith('{')) {
      try {
        return maskValue('', JSON.parse(t.split(dir).join('<dir>')), '');
      } catch {
        /* not JSON: masked as text */
      }
    }
    return maskText(line, dir);
  });
}

/** Progress lines printed on a timer (streamProgress.ts, startProgress.ts after its first line). */
const TIMED_LINE = /^fitbench: (storing the columns: |pass \d+ \(|start search: \d+\/)/;

export function maskStderr(text: string, dir: string): string {
  return maskText(text.split('\n').filter((line) => !TIMED_LINE.test(line)).join('\n'), dir);
}
