/**
 * A grouped fit's report as readable text: a table with a row per group (the same report as the
 * JSON of groupJson.ts), the mixed-effects block (mixedText.ts) and the comparison's verdict.
 */
import { visibleText, visibleValue } from '../../data/visibleText';
import { groupMessage, type GroupReport } from './groupJson';
import { mixedTextBlock } from './mixedText';
import { num, textTable } from './textTable';

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
  const parts = [head.join('\n'), ...(r.mixed ? ['', mixedTextBlock(r.mixed, r.mixedComparisons)] : []), '', textTable(header, rows, { align: 'numbers', rule: true }).join('\n')];
  if (notes.length > 0) parts.push('', 'Not fitted or not converged:', ...notes);
  if (r.comparison) parts.push('', `Global vs separate: ${r.comparison.verdict}`);
  if (r.warnings.length > 0) parts.push('', ...r.warnings.map((w) => `warning: ${w}`));
  return visibleText(parts.join('\n'));
}
