import { defineConfig } from 'vite';

// Static single-page app; relative base so the build can be hosted under any path.
export default defineConfig({
  base: './',
  esbuild: { jsx: 'automatic' },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 6000 },
  server: { host: 'localhost' },
  preview: { host: 'localhost' },
});
