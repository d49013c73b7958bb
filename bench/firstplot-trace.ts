/**
 * What each long main-thread task after the first paint is (issue 13). The same flow as
 * e2e/firstplot.spec.ts (a fresh context, the decay sample chosen 1 s after its card appears), but
 * with a Chrome DevTools trace: every top-level task over 50 ms is printed with its duration and
 * the heaviest work inside it (script evaluated, function called, timer or frame callback, style,
 * layout, paint, garbage collection) and the page's own performance marks that fall in it.
 *
 *   npx vite build && npx tsx bench/firstplot-trace.ts [DIST_DIR] [RUNS]
 *   (FIRSTPLOT_TRACE_MIN_MS=30 lists tasks over 30 ms; FIRSTPLOT_TRACE_SAMPLES=0 leaves the sampler out)
 *
 * Prints; asserts nothing. DIST_DIR defaults to dist/.
 */
import { join } from 'node:path';
import { readFileSync, existsSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
import { preview } from 'vite';
import { launchChromium } from '../e2e/lib/chromium';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; [k: string]: unknown };
}

const root = join(import.meta.dirname, '..');
const outDir = process.argv[2] ?? 'dist';
const runs = Number(process.argv[3] ?? 1);
// FIRSTPLOT_TRACE_MIN_MS lists shorter tasks too (default 50: the issue's long task).
const MIN_MS = Number(process.env.FIRSTPLOT_TRACE_MIN_MS ?? 50);
// FIRSTPLOT_TRACE_SAMPLES=0 leaves out V8's sampling profiler, which lengthens every task it samples.
const CATEGORIES = [...(process.env.FIRSTPLOT_TRACE_SAMPLES === '0' ? [] : ['disabled-by-default-v8.cpu_profiler']), 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', 'loading', 'toplevel'];

/** A short name for what an event did: the script's file, the function, the timer, the phase. */
function label(e: TraceEvent): string {
  const d = (e.args?.data ?? {}) as Record<string, unknown>;
  const file = typeof d.url === 'string' ? String(d.url).replace(/^.*\//, '') : '';
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
      return `${e.name} ${file}`;
    case 'FunctionCall':
      return `FunctionCall ${String(d.functionName ?? '') || '(anonymous)'} ${file}:${String(d.lineNumber ?? '')}`;
    case 'EventDispatch':
      return `EventDispatch ${String(d.type ?? '')}`;
    default:
      return e.name;
  }
}

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface Sample { ts: number; dt: number; where: string }

const maps = new Map<string, SourceMapConsumer | null>();
/** The original file (and function) of a frame in a built chunk, through the chunk's source map. */
function original(frame: CallFrame): string {
  const file = (frame.url ?? '').replace(/^.*\//, '');
  if (!file) return frame.functionName ? `(${frame.functionName})` : '(program)';
  if (!maps.has(file)) {
    const path = join(root, outDir, 'assets', `${file}.map`);
    maps.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null);
  }
  const map = maps.get(file);
  if (!map) return `${file} ${frame.functionName}`;
  let pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  // A module's wrapper function (esbuild's CommonJS shim) maps nowhere: its body's first token does.
  if (!pos.source) pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber, bias: SourceMapConsumer.LEAST_UPPER_BOUND });
  // plotly's partial bundle is esbuild's output in .cache/plotly; its own map (when built with
  // PLOTLY_SOURCEMAP=1) leads on to plotly.js's source files.
  const inner = pos.source?.match(/\.cache\/plotly\/(.*\.js)$/);
  if (inner && pos.line != null) {
    const key = `plotly:${inner[1]}`;
    if (!maps.has(key)) {
      const path = join(root, '.cache', 'plotly', `${inner[1]}.map`);
      maps.set(key, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null);
    }
    const inner2 = maps.get(key);
    let second = inner2?.originalPositionFor({ line: pos.line, column: pos.column ?? 0 });
    if (inner2 && !second?.source) second = inner2.originalPositionFor({ line: pos.line, column: pos.column ?? 0, bias: SourceMapConsumer.LEAST_UPPER_BOUND });
    if (second?.source) return `${second.source.replace(/^.*node_modules\//, '')}${second.name ? ` ${second.name}` : ''}`;
  }
  const src = (pos.source ?? file).replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return `${src}${pos.name ? ` ${pos.name}` : ''}`;
}

/** The V8 sampling profiler's samples from the trace, each with its leaf frame's original place. */
function cpuSamples(events: TraceEvent[], tid: number): Sample[] {
  const out: Sample[] = [];
  const byId = new Map<string, { start: number; last: number; nodes: Map<number, CallFrame> }>();
  for (const e of events) {
    const id = String((e as unknown as { id?: string }).id ?? '');
    const d = (e.args?.data ?? {}) as Record<string, unknown>;
    if (e.name === 'Profile' && e.tid === tid) byId.set(id, { start: Number(d.startTime), last: Number(d.startTime), nodes: new Map() });
    if (e.name !== 'ProfileChunk') continue;
    const p = byId.get(id);
    if (!p) continue;
    const cpu = d.cpuProfile as { nodes?: { id: number; callFrame: CallFrame }[]; samples?: number[] } | undefined;
    for (const n of cpu?.nodes ?? []) p.nodes.set(n.id, n.callFrame);
    const deltas = (d.timeDeltas as number[] | undefined) ?? [];
    (cpu?.samples ?? []).forEach((node, i) => {
      const dt = deltas[i] ?? 0;
      p.last += dt;
      const f = p.nodes.get(node);
      out.push({ ts: p.last, dt: Math.max(0, dt), where: f ? original(f) : '?' });
    });
  }
  return out;
}

async function traceOnce(url: string): Promise<void> {
  const browser = await launchChromium({});
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url);
    await page.getByTestId('sample-decay').waitFor();
    await page.waitForTimeout(1000);
    const clickedAt = await page.evaluate(() => performance.timeOrigin + performance.now());
    await page.getByTestId('sample-decay').click();
    await page.locator('[data-testid="main-plot"][data-rendered="true"]').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(2000);
    const buffer = await browser.stopTracing();
    const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    report(events, clickedAt);
  } finally {
    await browser.close();
  }
}

function report(events: TraceEvent[], clickedAtEpochMs: number): void {
  // The page's main thread: the renderer thread that ran our marks, else the busiest CrRendererMain.
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
  const busy = new Map<string, number>();
  for (const e of events) if (e.name === 'RunTask' && mains.includes(`${e.pid}:${e.tid}`)) busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const main = [...busy.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const on = events.filter((e) => `${e.pid}:${e.tid}` === main);
  const paint = on.find((e) => e.name === 'firstPaint' || e.name === 'firstContentfulPaint');
  const navStart = on.find((e) => e.name === 'navigationStart')?.ts ?? on[0].ts;
  const paintTs = paint?.ts ?? navStart;
  const tasks = on.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > MIN_MS * 1000 && e.ts >= paintTs);
  const marks = on.filter((e) => e.cat.includes('blink.user_timing'));
  const [mainPid, mainTid] = (main ?? '0:0').split(':').map(Number);
  const samples = cpuSamples(events.filter((e) => e.pid === mainPid), mainTid);
  console.log(`main thread ${main}; first paint at ${((paintTs - navStart) / 1000).toFixed(0)} ms after navigation; ${tasks.length} tasks over ${MIN_MS} ms after it`);
  for (const t of tasks) {
    const end = t.ts + (t.dur ?? 0);
    const inside = on.filter((e) => e !== t && e.ph === 'X' && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) >= 3000);
    const totals = new Map<string, number>();
    for (const e of inside) totals.set(label(e), Math.max(totals.get(label(e)) ?? 0, e.dur ?? 0));
    const top = [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10);
    // Style and layout, forced by scripts or not: how often and how long in all (each under 3 ms
    // is left out of the list above, but a draw measuring text forces many).
    const rendering = on.filter((e) => e.ph === 'X' && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end && (e.name === 'Layout' || e.name === 'UpdateLayoutTree'));
    const sum = (name: string) => rendering.filter((e) => e.name === name).reduce((a, e) => a + (e.dur ?? 0), 0) / 1000;
    const count = (name: string) => rendering.filter((e) => e.name === name).length;
    const within = marks.filter((m) => m.ts >= t.ts && m.ts <= end).map((m) => m.name);
    console.log(`\n  task at ${((t.ts - navStart) / 1000).toFixed(0)} ms: ${((t.dur ?? 0) / 1000).toFixed(1)} ms${within.length ? `  marks: ${[...new Set(within)].join(', ')}` : ''}`);
    for (const [name, dur] of top) console.log(`    ${(dur / 1000).toFixed(1).padStart(7)} ms  ${name}`);
    if (rendering.length) console.log(`    in all: ${sum('UpdateLayoutTree').toFixed(1)} ms style (${count('UpdateLayoutTree')}×), ${sum('Layout').toFixed(1)} ms layout (${count('Layout')}×)`);
    const self = new Map<string, number>();
    for (const smp of samples) if (smp.ts >= t.ts && smp.ts <= end) self.set(smp.where, (self.get(smp.where) ?? 0) + smp.dt);
    const bySelf = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
    if (bySelf.length) console.log('    sampled, by source (self time):');
    for (const [name, dur] of bySelf) console.log(`    ${(dur / 1000).toFixed(1).padStart(7)} ms  ${name}`);
  }
  void clickedAtEpochMs;
}

const server = await preview({ root, logLevel: 'error', build: { outDir }, preview: { host: 'localhost', port: 0, strictPort: false, open: false } });
const address = server.httpServer.address();
const url = `http://localhost:${typeof address === 'object' && address ? address.port : 0}/`;
try {
  for (let i = 0; i < runs; i++) {
    console.log(`\n=== ${outDir}, run ${i + 1}`);
    await traceOnce(url);
  }
} finally {
  await server.close();
}
