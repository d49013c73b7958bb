import { defineConfig } from 'vite';
import { cliFilePlugin } from './scripts/cliBundle';
import { plotlyPartial } from './scripts/plotlyPartial';

// Static single-page app; relative base so the build can be hosted under any path.
export default defineConfig({
  base: './',
  // plotly.js in part (the traces we draw), and the one-file CLI offered beside the copied command.
  plugins: [plotlyPartial(), cliFilePlugin()],
  esbuild: { jsx: 'automatic' },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 6000 },
  server: { host: 'localhost' },
  preview: { host: 'localhost' },
});
