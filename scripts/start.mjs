// `npm start`: install what is missing, build the app, serve it on localhost and print the URL.
import { ensureDependencies, run, root } from './lib.mjs';

ensureDependencies();
run('npx', ['vite', 'build']);
const { preview } = await import('vite');
const port = Number(process.env.PORT ?? 5173);
const server = await preview({ root, preview: { host: 'localhost', port, strictPort: false, open: false } });
const url = server.resolvedUrls?.local?.[0] ?? `http://localhost:${port}/`;
console.log(`\nFitbench is running at ${url}\nPress Ctrl+C to stop.`);
