/**
 * POSIX shell quoting: a word of only "safe" characters stays bare; any other word is put in
 * single quotes, inside which the shell interprets nothing ($, `, \, ", newlines are literal),
 * with each embedded ' written as '\'' (close, escaped quote, reopen). A word that starts with
 * '=' or '~' is quoted too (zsh and tilde expansion). The empty word is ''.
 */

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

export function shellQuote(word: string): string {
  if (SAFE.test(word) && !/^[=~]/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export function shellJoin(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
