/** The report's stylesheet: readable on screen, clean on A4/Letter paper (no page-split figures or rows). */
export const REPORT_CSS = `
:root { color-scheme: light; }
body { margin: 0; background: #f4f6f8; color: #1d2530; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
.report { max-width: 900px; margin: 24px auto; padding: 28px 36px; background: #fff; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 24px 0 8px; padding-bottom: 4px; border-bottom: 1px solid #d9dee5; }
.meta, .note { color: #55606e; font-size: 12px; }
.scope { margin: 6px 0 0; font-weight: 600; }
.verdict { display: inline-block; margin: 8px 0 0; padding: 4px 10px; border-radius: 4px; font-weight: 600; }
.verdict.ok { background: #e3f3e8; color: #14532d; }
.verdict.warn { background: #fdf0d9; color: #7a4a00; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 13px; }
.model code { font-size: 14px; }
table { border-collapse: collapse; margin: 6px 0; font-size: 13px; }
th, td { padding: 4px 8px; text-align: left; border-bottom: 1px solid #e6e9ee; vertical-align: top; }
thead th { font-weight: 600; border-bottom: 2px solid #c9d0d8; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.params { width: 100%; }
.stats td.note { font-size: 12px; }
ul.diagnostics { padding-left: 20px; }
ul.diagnostics li { margin: 3px 0; }
li.tone-warn { color: #7a4a00; }
li.tone-warn::marker { content: "⚠ "; }
li.tone-none { color: #55606e; }
figure { margin: 8px 0; }
figure svg { max-width: 100%; height: auto; display: block; }
.pair { display: flex; flex-wrap: wrap; gap: 8px; }
.pair figure { flex: 1 1 320px; }
.warnings li { color: #7a4a00; }
@media (max-width: 640px) { .report { margin: 0; padding: 16px; } .params { font-size: 12px; } th, td { padding: 3px 4px; } }
@page { margin: 14mm; }
@media print {
  body { background: #fff; font-size: 11pt; }
  .report { box-shadow: none; margin: 0; padding: 0; max-width: none; }
  section, figure, tr { break-inside: avoid; }
  h2 { break-after: avoid; }
}
`;
