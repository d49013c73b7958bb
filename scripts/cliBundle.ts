/**
 * The command line as one file, `fitbench.mjs`, that runs with plain `node` (>= 20.19) anywhere:
 * src/cli and the core it uses bundled by esbuild for Node, the WGSL templates inlined as text
 * (what src/gpu/rawLoader.mjs does for `?raw` imports in a clone). The optional `webgpu` package
 * stays outside: gpuProbe.ts resolves it at run time next to the file, as in a clone, and without
 * it the CLI fits on the CPU. The app's build emits the file into dist/ (vite.config.ts), so the
 * page can offer it for download next to the command it copies.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const CLI_FILE = 'fitbench.mjs';

export async function buildCliBundle(root: string): Promise<string> {
  const { build } = await import('esbuild');
  const version = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).version as string;
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/cli/singleFileMain.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    minify: false,
    legalComments: 'none',
    external: ['webgpu'],
    // Bundled CommonJS (papaparse) may call require: give the module one.
    banner: { js: `#!/usr/bin/env node\n// fitbench ${version}: the command line in one file. Run: node fitbench.mjs --help\nimport { createRequire as __fitbenchRequire } from 'node:module';\nconst require = __fitbenchRequire(import.meta.url);` },
    plugins: [
      {
        name: 'raw-text',
        setup(b) {
          b.onResolve({ filter: /\?raw$/ }, (args) => ({ path: join(args.resolveDir, args.path.slice(0, -4)), namespace: 'raw' }));
          b.onLoad({ filter: /.*/, namespace: 'raw' }, async (args) => ({ contents: await readFile(args.path, 'utf8'), loader: 'text' }));
        },
      },
    ],
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

/** A Vite plugin: the app's build emits fitbench.mjs beside index.html (served for download). */
export function cliFilePlugin(): import('vite').Plugin {
  let root = process.cwd();
  return {
    name: 'fitbench-cli-file',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: CLI_FILE, source: await buildCliBundle(root) });
    },
  };
}
