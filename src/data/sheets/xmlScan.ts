/**
 * A small XML scanner for the spreadsheet readers (xlsx, ods): start tags with their attributes,
 * end tags and text, in document order, through callbacks. Enough for the machine-written XML of
 * office files, and safe on hostile input: no DTD is read, so no entity is ever expanded beyond the
 * five predefined ones and numeric character references (no "billion laughs"), and the scan is one
 * linear pass over the text.
 */

export interface XmlHandler {
  /** A start tag (also a self-closing one, then `close` follows at once). Names keep their prefix. */
  open?(name: string, attrs: Readonly<Record<string, string>>): void;
  close?(name: string): void;
  /** Character data between tags, entities decoded (may come in several pieces). */
  text?(text: string): void;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the predefined entities and character references; anything else is kept as written. */
export function decodeEntities(s: string): string {
  if (s.indexOf('&') < 0) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, body: string) => {
    if (body[0] !== '#') return ENTITIES[body] ?? whole;
    const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const ATTR = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(tag); m; m = ATTR.exec(tag)) out[m[1] as string] = decodeEntities(m[2] ?? m[3] ?? '');
  return out;
}

/** Scans `xml`; returns an error message when a tag or section is left open, else null. */
export function scanXml(xml: string, h: XmlHandler): string | null {
  let i = 0;
  const n = xml.length;
  while (i < n) {
    const lt = xml.indexOf('<', i);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > i && h.text) h.text(decodeEntities(xml.slice(i, textEnd)));
    if (lt < 0) break;
    if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt + 9);
      if (end < 0) return 'an unterminated CDATA section';
      h.text?.(xml.slice(lt + 9, end));
      i = end + 3;
      continue;
    }
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end < 0) return 'an unterminated comment';
      i = end + 3;
      continue;
    }
    const gt = xml.indexOf('>', lt + 1);
    if (gt < 0) return 'an unterminated tag';
    const c = xml.charCodeAt(lt + 1);
    i = gt + 1;
    if (c === 63 /* ? */ || c === 33 /* ! (DOCTYPE: skipped, never read) */) continue;
    if (c === 47 /* / */) {
      h.close?.(xml.slice(lt + 2, gt).trim());
      continue;
    }
    const selfClosing = xml.charCodeAt(gt - 1) === 47;
    const body = xml.slice(lt + 1, selfClosing ? gt - 1 : gt);
    const space = body.search(/\s/);
    const name = space < 0 ? body : body.slice(0, space);
    h.open?.(name, space < 0 ? {} : attributes(body.slice(space)));
    if (selfClosing) h.close?.(name);
  }
  return null;
}
