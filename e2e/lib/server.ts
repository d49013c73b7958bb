/**
 * A Vite dev server for browser tests, started in-process (Vite's createServer) on a free port of
 * localhost, so pages are a secure context (WebGPU needs one) and TypeScript, `?raw` imports and
 * the rest of the app's build settings work exactly as in the app. Close it in afterAll.
 */
import { createServer as createNetServer } from 'node:net';
import { resolve } from 'node:path';
import { createServer, type InlineConfig, type ViteDevServer } from 'vite';

export interface TestServer {
  /** Base URL, e.g. http://localhost:41234/ */
  readonly url: string;
  readonly vite: ViteDevServer;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Project root (default: the current directory). */
  readonly root?: string;
  /** Vite config file (default: root/vite.config.ts; false for none). */
  readonly configFile?: string | false;
  /** Extra inline config merged over the file's. */
  readonly config?: InlineConfig;
}

/** A free TCP port on localhost (bound and released; a race is possible but harmless in tests). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createNetServer();
    probe.once('error', fail);
    probe.listen(0, 'localhost', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export async function startServer(options: TestServerOptions = {}): Promise<TestServer> {
  const root = resolve(options.root ?? process.cwd());
  const port = await freePort();
  const vite = await createServer({
    root,
    configFile: options.configFile ?? resolve(root, 'vite.config.ts'),
    logLevel: 'warn',
    clearScreen: false,
    // No dependency pre-bundling scan: test pages import source modules, and a scan of the app's
    // entry would only delay the first request.
    optimizeDeps: { noDiscovery: true, include: [] },
    ...options.config,
    server: { host: 'localhost', port, strictPort: true, hmr: false, ...options.config?.server },
  });
  await vite.listen();
  return {
    url: `http://localhost:${port}/`,
    vite,
    close: () => vite.close(),
  };
}
