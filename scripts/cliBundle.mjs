/**
 * The command line as one file, `fitbench.mjs`, that runs with plain `node` (>= 20.19) anywhere:
 * src/cli and the core it uses bundled by esbuild for Node, the WGSL templates inlined as text
 * (what src/gpu/rawLoader.mjs does for `?raw` imports in a clone). The optional `webgpu` package
 * stays outside: gpuProbe.ts resolves it at run time next to the file, as in a clone, and without
 * it the CLI fits on the CPU. The app's build emits the file into dist/ (vite.config.ts), so the
 * page can offer it for download next to the command it copies; bin/fitbench.mjs runs the same
 * build from a clone, kept while its sources are unchanged (cliScript below).
 *
 * Plain JavaScript: bin/fitbench.mjs reads it before any TypeScript can be loaded.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cachedScriptFile, keepScript } from '../src/cli/bundleCache.mjs';

export const CLI_FILE = 'fitbench.mjs';

/** The checkout's root (this file is scripts/cliBundle.mjs). */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The one-file CLI's text and the absolute paths of every file it was built from.
 * @param {string} root @returns {Promise<{ text: string, inputs: string[] }>}
 */
export async function buildCli(root) {
  const { build } = await import('esbuild');
  const version = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).version;
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
    metafile: true,
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
  // Inputs are relative to root; the WGSL templates come as `raw:/absolute/path`.
  const inputs = Object.keys(result.metafile.inputs).map((p) => (p.startsWith('raw:') ? p.slice(4) : resolve(root, p)));
  return { text: result.outputFiles[0].text, inputs };
}

/** @param {string} root @returns {Promise<string>} the one-file CLI's text. */
export async function buildCliBundle(root) {
  return (await buildCli(root)).text;
}

/**
 * The URL of the one-file CLI built from this checkout's sources: the kept one while every source
 * is unchanged (src/cli/bundleCache.mjs: ~5 ms to check), else built now (~0.15 s) and kept. Null
 * when esbuild cannot be loaded or the build fails: bin/fitbench.mjs then compiles with tsx.
 * @returns {Promise<string | null>}
 */
export async function cliScript() {
  try {
    // The version from its package.json: importing esbuild itself costs ~40–70 ms, a third of a start.
    const { version } = createRequire(import.meta.url)('esbuild/package.json');
    // The bundler's version, the package's (in the banner), this file and the compiler options
    // shape the script as much as the sources do.
    const salt = `esbuild ${version}`;
    const cached = cachedScriptFile(ROOT, 'cli', salt);
    if (cached) return pathToFileURL(cached).href;
    const since = Date.now();
    const { text, inputs } = await buildCli(ROOT);
    const shaping = ['package.json', 'tsconfig.json', 'tsconfig.base.json', 'scripts/cliBundle.mjs', 'src/cli/bundleCache.mjs'].map((f) => join(ROOT, f)).filter((f) => existsSync(f));
    if (keepScript(ROOT, 'cli', text, [...inputs, ...shaping], salt, since)) return pathToFileURL(cachedScriptFile(ROOT, 'cli', salt) ?? '').href;
    // Not kept (a source changed as it was built): run this build once from a file of this
    // process (a file, not a data: URL: the bundle's require and its pool workers need a path).
    const once = join(tmpdir(), `fitbench-cli-${process.pid}.mjs`);
    writeFileSync(once, text);
    process.once('exit', () => rmSync(once, { force: true }));
    return pathToFileURL(once).href;
  } catch {
    return null;
  }
}

/**
 * A Vite plugin: the app's build emits fitbench.mjs beside index.html (served for download).
 * @returns {import('vite').Plugin}
 */
export function cliFilePlugin() {
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
