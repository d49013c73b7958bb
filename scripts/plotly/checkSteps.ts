/**
 * Checks that plotly evaluated in pieces (scripts/plotly/coreSteps.cjs, then core.cjs's steps) is
 * the same plotly as evaluated in core.cjs's steps alone: the same plot schema, the same style
 * rules, the same SVG for a figure with the parts the page draws (markers, error bars, a line, a
 * heatmap, a log axis, titles, a shape, an annotation, a legend), up to the random id plotly gives
 * each plot, its traces and its clip paths. Run after measureSteps.ts:
 *
 *   npx tsx scripts/plotly/checkSteps.ts
 */
import { build } from 'esbuild';
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { launchChromium } from '../../e2e/lib/chromium';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'plotly-check-'));
const src = readFileSync(join(root, 'scripts/plotly/core.cjs'), 'utf8');
writeFileSync(join(root, 'scripts/plotly/.eq-natural.cjs'), src.replace("  ...require('./coreSteps.cjs').steps,\n", ''));
writeFileSync(join(root, 'scripts/plotly/.eq-pieces.cjs'), src);
await build({ absWorkingDir: root, entryPoints: { natural: 'scripts/plotly/.eq-natural.cjs', pieces: 'scripts/plotly/.eq-pieces.cjs' }, outdir: dir, bundle: true, format: 'esm', minify: true, target: 'es2022',
  alias: { regl: '@plotly/regl', buffer: join(root, 'scripts/plotly/buffer.cjs') }, define: { global: 'window', 'define.amd': 'false', 'process.env.NODE_DEBUG': 'false' }, loader: { '.css': 'empty' }, logLevel: 'warning' });
rmSync(join(root, 'scripts/plotly/.eq-natural.cjs')); rmSync(join(root, 'scripts/plotly/.eq-pieces.cjs'));
const page = (f: string) => `<!doctype html><html><body><div id="g" style="width:600px;height:400px"></div><script type="module">
window.__out = (async () => { const m = (await import('./${f}.js')).default; let n = 0; for (const s of m.steps) { s(); n++; await new Promise(r => setTimeout(r, 5)); }
const P = m.plotly(); await P.newPlot('g', [{type:'scatter',mode:'markers',x:[1,2,3,4],y:[2,1,4,3],error_y:{array:[0.1,0.2,0.1,0.3]}},{type:'scatter',mode:'lines',x:[1,4],y:[1,4]},{type:'heatmap',z:[[1,2],[3,4]],x0:1,dx:1,y0:1,dy:1,showscale:false}], {title:{text:'t'},xaxis:{title:{text:'x'},type:'log'},yaxis:{title:{text:'y'}},shapes:[{type:'line',x0:1,x1:2,y0:1,y1:2}],annotations:[{text:'a',x:2,y:2}],legend:{orientation:'h'}}, {displaylogo:false});
const svg = [...document.querySelectorAll('#g svg')].map(s => s.outerHTML).join('').replace(/(clip|defs-|trace|legend)[0-9a-f]{6}(?![0-9a-f])/g, '$1#');
const css = [...document.styleSheets].flatMap(s => { try { return [...s.cssRules].map(r => r.cssText); } catch { return []; } }).join('\\n');
return { n, schema: JSON.stringify(P.PlotSchema.get()), svg, css };})();
</script></body></html>`;
writeFileSync(join(dir, 'natural.html'), page('natural')); writeFileSync(join(dir, 'pieces.html'), page('pieces'));
const server = createServer((req, res) => { try { res.setHeader('content-type', req.url!.endsWith('.js') ? 'text/javascript' : 'text/html'); res.end(readFileSync(join(dir, req.url!))); } catch { res.statusCode = 404; res.end(); } }).listen(0);
const port = (server.address() as { port: number }).port;
const browser = await launchChromium({});
const h = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 12);
const got: Record<string, { n: number; schema: string; svg: string; css: string }> = {};
for (const f of ['natural', 'pieces']) { const ctx = await browser.newContext(); const p = await ctx.newPage(); await p.goto(`http://localhost:${port}/${f}.html`); got[f] = await p.evaluate('window.__out') as never; console.log(f, 'steps', got[f].n, 'schema', h(got[f].schema), got[f].schema.length, 'svg', h(got[f].svg), got[f].svg.length, 'css', h(got[f].css), got[f].css.length); await ctx.close(); }
await browser.close(); server.close();
rmSync(dir, { recursive: true, force: true });
const same = (['schema', 'css', 'svg'] as const).filter((k) => got.natural[k] !== got.pieces[k]);
if (same.length) {
  console.error(`plotly in pieces differs from plotly in core.cjs's steps: ${same.join(', ')}`);
  process.exit(1);
}
console.log('plotly in pieces: the same schema, style rules and SVG');
