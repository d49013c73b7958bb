import { defineConfig, type Plugin } from 'vite';
import { cliFilePlugin } from './scripts/cliBundle.mjs';
import { plotlyPartial } from './scripts/plotlyPartial';

// Cross-origin isolation: with these two headers the page (and its workers) may use
// SharedArrayBuffer, which a large fit's row workers share the columns through (job/browser/rowWorkers.ts).
// Everything the page loads is its own (same origin), so require-corp blocks nothing. A static host
// should send them too (README, "Hosting"); without them the row workers get copies of their rows.
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

/**
 * The entry script (React and react-dom, evaluated in one 40–70 ms task) holds the page's first
 * paint (`blocking="render"`, Chromium 105+; other browsers ignore it): that paint showed only the
 * empty background, and the evaluation after it was a long task after the first paint (issue 13,
 * bench/results/firstplot.md). Vite writes the entry's tag itself, so the attribute is added here.
 */
function renderBlockingEntry(): Plugin {
  return {
    name: 'fitbench-render-blocking-entry',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<script type="module" crossorigin src="([^"]*\/index-[^"]*\.js)"><\/script>/, '<script type="module" blocking="render" crossorigin src="$1"></script>'),
    },
  };
}

// Static single-page app; relative base so the build can be hosted under any path.
export default defineConfig({
  base: './',
  // plotly.js in part (the traces we draw), and the one-file CLI offered beside the copied command.
  plugins: [plotlyPartial(), cliFilePlugin(), renderBlockingEntry()],
  esbuild: { jsx: 'automatic' },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 6000 },
  server: { host: 'localhost', headers: isolation },
  preview: { host: 'localhost', headers: isolation },
});
