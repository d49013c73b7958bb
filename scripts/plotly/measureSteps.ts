/**
 * Writes scripts/plotly/coreSteps.cjs: plotly's step 4 (see core.cjs: version, registry, plot_api
 * and everything they require) cut into pieces of about BUDGET_MS of evaluation each, so that the
 * page evaluates plotly in tasks well under 50 ms (issue 13).
 *
 *   npx tsx scripts/plotly/measureSteps.ts [RUNS]   (after a plotly.js upgrade; then checkSteps.ts)
 *
 * How: core.cjs is bundled unminified with esbuild as the page's bundle is, esbuild's CommonJS
 * wrapper replaced by one that records, for each module, when its evaluation starts and ends and
 * how long it took itself; the bundle's steps are run in headless Chromium (plotly needs a DOM).
 * A module can be required ahead of its place only if its evaluation is the same there: that holds
 * when no module, while plotly loads, requires one whose evaluation is still in progress (a cycle
 * at load time, where the requirer sees a partial module). The script checks that there is none
 * and stops otherwise. The pieces then list plotly's own modules in the order its evaluation
 * finishes them (post-order), each piece naming only the modules that no other in it requires.
 */
import { build } from 'esbuild';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../../e2e/lib/chromium';

const root = join(import.meta.dirname, '..', '..');
const RUNS = Number(process.argv[2] ?? 3);
/** Evaluation per piece on this machine, unminified; a piece holds at least one module. */
const BUDGET_MS = 6;
/** core.cjs's step that is cut (0-based): version … plot_api. */
const STEP = 3;

/** esbuild's __commonJS with timing: `self` excludes the modules a module requires. */
const TIMED_COMMONJS = `var __T = globalThis.__T = { self: new Map(), post: [], names: [], open: new Set(), cycles: [], parent: new Map() };
var __commonJS = (cb, mod) => function __require() {
  const name = __getOwnPropNames(cb)[0];
  if (mod) {
    if (__T.open.has(name)) __T.cycles.push(__T.names[__T.names.length - 1] + ' -> ' + name);
    return mod.exports;
  }
  if (__T.names.length) __T.parent.set(name, __T.names[__T.names.length - 1]);
  __T.names.push(name); __T.open.add(name);
  const t0 = performance.now();
  __T.childTime = __T.childTime || [];
  __T.childTime.push(0);
  cb[name]((mod = { exports: {} }).exports, mod);
  const dt = performance.now() - t0;
  const inChildren = __T.childTime.pop();
  if (__T.childTime.length) __T.childTime[__T.childTime.length - 1] += dt;
  __T.names.pop(); __T.open.delete(name);
  __T.post.push(name);
  __T.self.set(name, dt - inChildren);
  return mod.exports;
};
`;

const PAGE = `<!doctype html><html><body><script type="module">
window.__measured = (async () => {
  const m = (await import('./core.js')).default;
  const out = [];
  // core.cjs's own steps, without the pieces (they are what is being made).
  for (const step of m.ownSteps) {
    const from = __T.post.length;
    step();
    out.push(__T.post.slice(from).map((n) => [n, __T.self.get(n), __T.parent.get(n) ?? null]));
    await new Promise((r) => setTimeout(r, 20));
  }
  return { steps: out, cycles: __T.cycles };
})();
</script></body></html>`;

type Measured = { steps: [string, number, string | null][][]; cycles: string[] };

async function bundle(dir: string): Promise<void> {
  // core.cjs without the pieces (they are what is measured): its steps as written.
  const entry = readFileSync(join(root, 'scripts/plotly/core.cjs'), 'utf8').replace("  ...require('./coreSteps.cjs').steps,\n", '') + '\nexports.ownSteps = exports.steps;\n';
  writeFileSync(join(root, 'scripts/plotly/.measure-core.cjs'), entry);
  try {
    await build({
      absWorkingDir: root,
      entryPoints: { core: 'scripts/plotly/.measure-core.cjs' },
      outdir: dir,
      bundle: true,
      format: 'esm',
      target: 'es2022',
      legalComments: 'none',
      alias: { regl: '@plotly/regl', buffer: join(root, 'scripts/plotly/buffer.cjs') },
      define: { global: 'window', 'define.amd': 'false', 'process.env.NODE_DEBUG': 'false' },
      loader: { '.css': 'empty' },
      logLevel: 'warning',
    });
  } finally {
    rmSync(join(root, 'scripts/plotly/.measure-core.cjs'), { force: true });
  }
  const file = join(dir, 'core.js');
  const js = readFileSync(file, 'utf8');
  const at = js.indexOf('var __commonJS = ');
  const end = js.indexOf('};\n', at) + 3;
  if (at < 0) throw new Error("esbuild's __commonJS wrapper not found: its output changed");
  writeFileSync(file, js.slice(0, at) + TIMED_COMMONJS + js.slice(end));
  writeFileSync(join(dir, 'index.html'), PAGE);
}

async function measure(dir: string): Promise<Measured[]> {
  const server = createServer((req, res) => {
    const path = join(dir, req.url === '/' || !req.url ? 'index.html' : req.url);
    try {
      res.setHeader('content-type', path.endsWith('.js') ? 'text/javascript' : 'text/html');
      res.end(readFileSync(path));
    } catch {
      res.statusCode = 404;
      res.end();
    }
  }).listen(0);
  const port = (server.address() as { port: number }).port;
  const browser = await launchChromium({});
  try {
    const runs: Measured[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`http://localhost:${port}/`);
      runs.push((await page.evaluate('window.__measured')) as Measured);
      await context.close();
    }
    return runs;
  } finally {
    await browser.close();
    server.close();
  }
}

/** 'node_modules/plotly.js/src/lib/index.js' → 'plotly.js/src/lib/index'. */
function specifier(name: string): string {
  return name.slice(name.lastIndexOf('node_modules/') + 'node_modules/'.length).replace(/\.js$/, '');
}

function pieces(runs: Measured[]): { ms: number; require: string[] }[] {
  const order = runs[0].steps[STEP];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const cost = new Map(order.map(([n]) => [n, median(runs.map((r) => r.steps[STEP].find(([m]) => m === n)?.[1] ?? 0))]));
  const parent = new Map(order.map(([n, , p]) => [n, p]));
  const out: { ms: number; require: string[] }[] = [];
  let piece: string[] = [];
  let ms = 0;
  const close = () => {
    const inPiece = new Set(piece);
    // Only plotly.js's own files are required by path: other packages may not export theirs.
    const tops = piece.filter((n) => !inPiece.has(parent.get(n) ?? '') && n.includes('node_modules/plotly.js/'));
    if (tops.length) out.push({ ms: Math.round(ms * 10) / 10, require: tops.map(specifier) });
    piece = [];
    ms = 0;
  };
  for (const [n] of order) {
    piece.push(n);
    ms += cost.get(n) ?? 0;
    if (ms >= BUDGET_MS) close();
  }
  if (piece.length) close();
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'plotly-steps-'));
try {
  await bundle(dir);
  const runs = await measure(dir);
  const cycles = [...new Set(runs.flatMap((r) => r.cycles))];
  if (cycles.length) throw new Error(`plotly requires modules still being evaluated while it loads, so its modules cannot be required ahead:\n${cycles.join('\n')}`);
  const version = JSON.parse(readFileSync(join(root, 'node_modules/plotly.js/package.json'), 'utf8')).version as string;
  const list = pieces(runs);
  const lines = [
    `// Generated by \`npx tsx scripts/plotly/measureSteps.ts\` for plotly.js ${version}: do not edit by hand.`,
    "// plotly's step 4 (scripts/plotly/core.cjs: version, registry, plot_api and all they require)",
    '// cut into pieces of a few ms each: plotly.js\'s own modules in the order its evaluation finishes',
    '// them (post-order), each piece a task. Requiring a module ahead of its place gives the same',
    '// module because, while plotly loads, no module requires one whose evaluation is still in',
    '// progress (no cycle at load time): measureSteps.ts checks that and stops otherwise, and',
    '// checkSteps.ts that the plotly so evaluated draws the same SVG with the same schema.',
    `exports.plotlyVersion = '${version}';`,
    'exports.steps = [',
    ...list.flatMap((p) => [`  // about ${p.ms} ms unminified`, '  function () {', ...p.require.map((r) => `    require('${r}');`), '  },']),
    '];',
    '',
  ];
  writeFileSync(join(root, 'scripts/plotly/coreSteps.cjs'), lines.join('\n'));
  console.log(`${list.length} pieces (${list.map((p) => p.ms).join(', ')} ms) from ${runs[0].steps[STEP].length} modules; scripts/plotly/coreSteps.cjs written`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
