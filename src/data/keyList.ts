/**
 * A list of group keys as one line of text (issue 9: the CLI's --groups, and the command the page
 * writes for it, export/cliCommand.ts): keys as written in the file, separated by commas. A
 * backslash takes the next character as it is, so a key with a comma is written `a\,b` and one with
 * a backslash `a\\b`; blanks around a key are dropped (keys never start or end with one: cells are
 * trimmed). Several texts are merged; a key given twice is a problem.
 */

/** A key as the list writes it: commas and backslashes escaped. */
export const escapeKey = (key: string): string => key.replace(/[\\,]/g, (c) => `\\${c}`);

/** The keys of `texts` in order (possibly none), or the first problem, in words. */
export function parseKeyList(texts: readonly string[]): { readonly ok: true; readonly value: string[] } | { readonly ok: false; readonly problem: string } {
  const keys: string[] = [];
  const add = (key: string): string | null => {
    const k = key.trim();
    if (k !== '' && keys.includes(k)) return `the group ${JSON.stringify(k)} is given twice`;
    if (k !== '') keys.push(k);
    return null;
  };
  for (const text of texts) {
    let key = '';
    for (let i = 0; i < text.length; i++) {
      const ch = text[i] as string;
      const problem = ch === ',' ? add(key) : null;
      if (problem) return { ok: false, problem };
      if (ch === ',') key = '';
      else if (ch !== '\\') key += ch;
      else if (i + 1 < text.length) key += text[++i];
      else return { ok: false, problem: `${JSON.stringify(text)} ends with a lone backslash; write \\\\ for a backslash in a key` };
    }
    const problem = add(key);
    if (problem) return { ok: false, problem };
  }
  return { ok: true, value: keys };
}
