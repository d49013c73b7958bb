/**
 * The command line's text report of a grouped fit: a readable table with a row per group (the
 * JSON and the report's facts: src/job/report/groupJson.ts).
 */
import { visibleText, visibleValue } from '../data/visibleText';
import { groupMessage, type GroupReport } from '../job/report/groupJson';
import { mixedTextBlock, num } from './mixedReport';

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function groupTextReport(r: GroupReport): string {
  const ok = r.rows.filter((g) => g.success).length;
  const title = r.mixed
    ? `Mixed-effects fit of ${r.rows.length} groups, random: ${r.mixed.random.join(', ')}: ${r.mixed.converged ? 'converged' : 'did not converge'}`
    : r.mode === 'global'
    ? `Global fit of ${r.rows.length} groups${r.shared.length ? `, shared: ${r.shared.join(', ')}` : ''}: ${r.global?.success ? 'converged' : 'did not converge'}`
    : `Per-group fits: ${ok} of ${r.rows.length} groups converged`;
  const head = [
    title,
    `  ${r.file}${r.groupColumn ? `, groups by ${r.groupColumn}` : ''}, model ${r.model}`,
    `  total cost ${num(r.cost, 10)}, ${r.nfev} evaluations${r.workers > 0 ? `, ${r.workers} workers` : ''}; read ${r.parseMs.toFixed(1)} ms, fit ${r.fitMs.toFixed(1)} ms`,
  ];
  const gb = r.gpuBatch;
  if (gb) head.push(`  GPU batch on ${gb.device}: ${gb.agreed} of ${gb.deviceFits} f32 fits within float64 agreement, ${gb.cpuFits} fitted or finished on the CPU`);
  if (r.global && !r.global.success) head.push(`  ${r.global.message}`);
  const header = ['group', 'rows', 'status', ...r.names.flatMap((n) => [n, `± ${n}`]), 'cost'];
  // Keys escaped before the columns are laid out (visibleText.ts), so the table stays aligned.
  const rows = r.rows.map((g) => [
    visibleValue(g.key),
    String(g.rows),
    g.success ? 'ok' : g.code ?? `status ${g.status}`,
    ...r.names.flatMap((_, i) => [num(g.params[i]), Number.isNaN(g.stderr[i]) ? '' : num(g.stderr[i], 3)]),
    num(g.cost),
  ]);
  const notes = r.rows.flatMap((g, i) => (g.success ? [] : [`  ${visibleValue(g.key)}: ${groupMessage(r, i)}`]));
  const parts = [head.join('\n'), ...(r.mixed ? ['', mixedTextBlock(r.mixed, r.mixedComparisons)] : []), '', table(header, rows)];
  if (notes.length > 0) parts.push('', 'Not fitted or not converged:', ...notes);
  if (r.comparison) parts.push('', `Global vs separate: ${r.comparison.verdict}`);
  if (r.warnings.length > 0) parts.push('', ...r.warnings.map((w) => `warning: ${w}`));
  return visibleText(parts.join('\n'));
}
