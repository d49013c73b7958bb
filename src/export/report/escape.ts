/** Text and attribute escaping for the report's HTML and SVG (every user-written string goes through it). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/**
 * Escaped text whose `backticked` spans (scipy's termination messages name `ftol`, `xtol` and
 * `gtol` so) become <code> elements: the report showed the backticks themselves.
 */
export function escapeWithCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}
