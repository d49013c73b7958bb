/**
 * Checks that plotly evaluated in pieces (scripts/plotly/coreSteps.cjs, then core.cjs's steps) is
 * the same plotly as evaluated in core.cjs's steps alone: the same plot schema, the same style
 * rules, the same SVG for a figure with the parts the page draws (markers, error bars, a line, a
 * heatmap, a log axis, titles, a shape, an annotation, a legend), up to the random ids plotly
 * gives each plot, its traces and its clip paths. Run after measureSteps.ts; exits 1 on a
 * difference.
 *
 *   npx tsx scripts/plotly/checkSteps.ts
 */
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../../e2e/lib/chromium';

const root = join(import.meta.dirname, '..', '..');
const VARIANTS = ['natural', 'pieces'] as const;
type Variant = (typeof VARIANTS)[number];
interface Drawn {
  readonly schema: string;
  readonly css: string;
  readonly svg: string;
}

const FIGURE = {
  data: [
    { type: 'scatter', mode: 'markers', x: [1, 2, 3, 4], y: [2, 1, 4, 3], error_y: { array: [0.1, 0.2, 0.1, 0.3] } },
    { type: 'scatter', mode: 'lines', x: [1, 4], y: [1, 4] },
    { type: 'heatmap', z: [[1, 2], [3, 4]], x0: 1, dx: 1, y0: 1, dy: 1, showscale: false },
  ],
  layout: {
    title: { text: 't' },
    xaxis: { title: { text: 'x' }, type: 'log' },
    yaxis: { title: { text: 'y' } },
    shapes: [{ type: 'line', x0: 1, x1: 2, y0: 1, y1: 2 }],
    annotations: [{ text: 'a', x: 2, y: 2 }],
    legend: { orientation: 'h' },
  },
};

/** Runs the bundle's steps one task each, then draws FIGURE and reads what plotly made. */
const page = (variant: Variant) => `<!doctype html><html><body><div id="g" style="width:600px;height:400px"></div>
<script type="module">
window.__drawn = (async () => {
  const m = (await import('./${variant}.js')).default;
  for (const step of m.steps) { step(); await new Promise((r) => setTimeout(r, 5)); }
  const Plotly = m.plotly();
  const figure = ${JSON.stringify(FIGURE)};
  await Plotly.newPlot('g', figure.data, figure.layout, { displaylogo: false });
  const svg = [...document.querySelectorAll('#g svg')].map((s) => s.outerHTML).join('')
    .replace(/(clip|defs-|trace|legend)[0-9a-f]{6}(?![0-9a-f])/g, '$1#');
  const css = [...document.styleSheets].flatMap((s) => { try { return [...s.cssRules].map((r) => r.cssText); } catch { return []; } }).join('\\n');
  return { schema: JSON.stringify(Plotly.PlotSchema.get()), css, svg };
})();
</script></body></html>`;

/** core.cjs as it is ('pieces') and without the pieces ('natural'), bundled as the page's. */
async function bundle(dir: string): Promise<void> {
  const core = readFileSync(join(root, 'scripts/plotly/core.cjs'), 'utf8');
  const entries: Record<Variant, string> = { natural: core.replace("  ...require('./coreSteps.cjs').steps,\n", ''), pieces: core };
  if (entries.natural === core) throw new Error('core.cjs no longer spreads ./coreSteps.cjs into its steps');
  const files = VARIANTS.map((v) => join(root, 'scripts/plotly', `.check-${v}.cjs`));
  VARIANTS.forEach((v, i) => writeFileSync(files[i], entries[v]));
  try {
    await build({
      absWorkingDir: root,
      entryPoints: Object.fromEntries(VARIANTS.map((v, i) => [v, files[i]])),
      outdir: dir,
      bundle: true,
      format: 'esm',
      minify: true,
      target: 'es2022',
      alias: { regl: '@plotly/regl', buffer: join(root, 'scripts/plotly/buffer.cjs') },
      define: { global: 'window', 'define.amd': 'false', 'process.env.NODE_DEBUG': 'false' },
      loader: { '.css': 'empty' },
      logLevel: 'warning',
    });
  } finally {
    for (const f of files) rmSync(f, { force: true });
  }
  for (const v of VARIANTS) writeFileSync(join(dir, `${v}.html`), page(v));
}

async function draw(dir: string): Promise<Record<Variant, Drawn>> {
  const server = createServer((req, res) => {
    try {
      res.setHeader('content-type', req.url?.endsWith('.js') ? 'text/javascript' : 'text/html');
      res.end(readFileSync(join(dir, req.url ?? '')));
    } catch {
      res.statusCode = 404;
      res.end();
    }
  }).listen(0);
  const port = (server.address() as { port: number }).port;
  const browser = await launchChromium({});
  try {
    const out = {} as Record<Variant, Drawn>;
    for (const v of VARIANTS) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      await tab.goto(`http://localhost:${port}/${v}.html`);
      out[v] = (await tab.evaluate('window.__drawn')) as Drawn;
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
    server.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'plotly-check-'));
try {
  await bundle(dir);
  const drawn = await draw(dir);
  const differ = (['schema', 'css', 'svg'] as const).filter((k) => drawn.natural[k] !== drawn.pieces[k]);
  for (const k of ['schema', 'css', 'svg'] as const) console.log(`${k}: ${drawn.natural[k].length} and ${drawn.pieces[k].length} characters, ${differ.includes(k) ? 'different' : 'the same'}`);
  if (differ.length) {
    console.error(`plotly in pieces differs from plotly in core.cjs's steps: ${differ.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
