/**
 * The CLI's report of a grouped fit: one JSON object (--json; a contract: fields are added, never
 * renamed or dropped) or a readable table with a row per group.
 *
 * JSON: mode ("per-group" | "global"), shared (names), groups (in file order:
 * {group, rows, success, status, message, params {name: value}, stderr {name: value|null}, cost,
 * …additions}), cost (the sum), nfev, comparison (with --compare), timing {parseMs, fitMs},
 * backend ("cpu", or "gpu+cpu" with --backend gpu) and gpuBatch (the GPU batch's share, or null).
 */
import type { AcceleratedStats } from '../fit/batch/acceleratedBatch';
import type { FitComparison } from '../fit/compare/compareFits';
import type { Status } from '../solver/termination';
import { visibleText, visibleValue } from '../data/visibleText';

/** One group's line of the report, whichever mode produced it. */
export interface GroupLine {
  readonly group: string;
  readonly rows: number;
  readonly success: boolean;
  readonly status: Status;
  readonly code: string | null;
  readonly message: string;
  readonly params: Float64Array;
  readonly stderr: Float64Array;
  readonly cost: number;
  readonly redchi2: number | null;
  readonly r2: number | null;
  readonly nfev: number | null;
  /** Rows the data layer dropped (unusable cells), the filters left out, the user excluded. */
  readonly droppedRows: number;
  readonly filteredRows: number;
  readonly excludedRows: number;
}

export interface GroupReport {
  readonly mode: 'per-group' | 'global';
  /** Where the fits ran: 'cpu', or 'gpu+cpu' (f32 GPU batch, float64 check and finish on the CPU). */
  readonly backend: 'cpu' | 'gpu+cpu';
  /** The GPU batch's share (--backend gpu), or null. */
  readonly gpuBatch: AcceleratedStats | null;
  readonly file: string;
  readonly model: string;
  readonly groupColumn: string | null;
  readonly names: readonly string[];
  readonly shared: readonly string[];
  readonly groups: readonly GroupLine[];
  readonly cost: number;
  readonly nfev: number;
  /** The global fit's own outcome (global mode). */
  readonly global: { readonly success: boolean; readonly status: Status; readonly message: string } | null;
  readonly comparison: FitComparison | null;
  readonly ungroupedRows: number;
  readonly workers: number;
  readonly warnings: readonly string[];
  readonly parseMs: number;
  readonly fitMs: number;
}

const finite = (v: number | null): number | null => (v !== null && Number.isFinite(v) ? v : null);

export function groupJsonReport(r: GroupReport): string {
  const byName = (values: Float64Array) => Object.fromEntries(r.names.map((name, i) => [name, finite(values[i])]));
  const c = r.comparison;
  return JSON.stringify({
    mode: r.mode,
    shared: r.shared,
    groupColumn: r.groupColumn,
    groups: r.groups.map((g) => ({
      group: g.group,
      rows: g.rows,
      success: g.success,
      status: g.status,
      message: g.message,
      params: byName(g.params),
      stderr: byName(g.stderr),
      cost: finite(g.cost),
      code: g.code,
      redchi2: finite(g.redchi2),
      r2: finite(g.r2),
      nfev: g.nfev,
      droppedRows: g.droppedRows,
      filteredRows: g.filteredRows,
      excludedRows: g.excludedRows,
    })),
    cost: finite(r.cost),
    nfev: r.nfev,
    converged: r.groups.filter((g) => g.success).length,
    failed: r.groups.filter((g) => !g.success).length,
    ...(r.global ? { success: r.global.success, status: r.global.status, message: r.global.message } : {}),
    ...(c
      ? {
          comparison: {
            valid: c.valid,
            verdict: c.verdict,
            preferred: c.preferred,
            F: finite(c.F),
            df: [c.dfNumerator, c.dfDenominator],
            p: finite(c.p),
            aicc: { global: finite(c.global.aicc), separate: finite(c.separate.aicc) },
            deltaAicc: finite(c.deltaAicc),
            globalWeight: finite(c.globalWeight),
            global: { chi2: c.global.chi2, dof: c.global.dof, parameters: c.global.parameters },
            separate: { chi2: c.separate.chi2, dof: c.separate.dof, parameters: c.separate.parameters },
          },
        }
      : {}),
    ungroupedRows: r.ungroupedRows,
    workers: r.workers,
    warnings: r.warnings,
    timing: { parseMs: r.parseMs, fitMs: r.fitMs },
    backend: r.backend,
    gpuBatch: r.gpuBatch,
  });
}

const num = (v: number, digits = 6) => (Number.isFinite(v) ? (v === 0 ? '0' : Math.abs(v) >= 1e-3 && Math.abs(v) < 1e7 ? v.toPrecision(digits) : v.toExponential(digits - 1)) : String(v));

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function groupTextReport(r: GroupReport): string {
  const ok = r.groups.filter((g) => g.success).length;
  const title = r.mode === 'global'
    ? `Global fit of ${r.groups.length} groups${r.shared.length ? `, shared: ${r.shared.join(', ')}` : ''}: ${r.global?.success ? 'converged' : 'did not converge'}`
    : `Per-group fits: ${ok} of ${r.groups.length} groups converged`;
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
  const rows = r.groups.map((g) => [
    visibleValue(g.group),
    String(g.rows),
    g.success ? 'ok' : g.code ?? `status ${g.status}`,
    ...r.names.flatMap((_, i) => [num(g.params[i]), Number.isNaN(g.stderr[i]) ? '' : num(g.stderr[i], 3)]),
    num(g.cost),
  ]);
  const notes = r.groups.filter((g) => !g.success).map((g) => `  ${visibleValue(g.group)}: ${g.message}`);
  const parts = [head.join('\n'), '', table(header, rows)];
  if (notes.length > 0) parts.push('', 'Not fitted or not converged:', ...notes);
  if (r.comparison) parts.push('', `Global vs separate: ${r.comparison.verdict}`);
  if (r.warnings.length > 0) parts.push('', ...r.warnings.map((w) => `warning: ${w}`));
  return visibleText(parts.join('\n'));
}
