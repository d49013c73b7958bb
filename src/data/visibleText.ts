/**
 * Text for a terminal with the invisible characters made visible (issue 27): a group key or a
 * column name holding U+202E (RIGHT-TO-LEFT OVERRIDE) reversed the rest of the report's line when
 * printed raw, and other bidi controls, zero-width characters and C0/C1 controls hide or move
 * text the same way. Each is written as \uXXXX, as JavaScript and JSON would escape it. Only the
 * text reports and messages are escaped; the JSON report keeps a key exactly as the file has it.
 *
 * The set: the C0 and C1 controls and DEL; Unicode's Bidi_Control characters (U+061C, U+200E,
 * U+200F, U+202A–U+202E, U+2066–U+2069); the zero-width space, non-joiner and joiner
 * (U+200B–U+200D), the word joiner and invisible operators (U+2060–U+2064), the line and
 * paragraph separators (U+2028, U+2029) and the byte-order mark (U+FEFF).
 */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
const INVISIBLE_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

const escape = (ch: string): string => `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** One value (a key, a name): every invisible character escaped, newlines included. */
export function visibleValue(text: string): string {
  return text.replace(INVISIBLE, escape);
}

/** A whole report or message: as visibleValue, but its own line breaks kept. */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE_BUT_NEWLINE, escape);
}
