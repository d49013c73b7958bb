/** Serves the built app (dist/) from http://localhost on a free port with Vite's preview server:
 *  localhost is a secure context, which WebGPU needs. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { preview, type PreviewServer } from 'vite';

export const root = join(import.meta.dirname, '..', '..');

export interface Served {
  readonly url: string;
  close(): Promise<void>;
}

/** `headers` are sent with every response (the CSP spec serves the app under a strict policy). */
export async function serveDist(headers: Record<string, string> = {}): Promise<Served> {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    throw new Error('dist/ is missing: run `npx vite build` before the browser tests.');
  }
  const server: PreviewServer = await preview({
    root,
    logLevel: 'error',
    preview: { host: 'localhost', port: 0, strictPort: false, open: false, headers },
  });
  const address = server.httpServer.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://localhost:${port}/`, close: () => server.close() };
}
