/**
 * Whether Dawn for Node finds a WebGPU adapter, asked in a child process first. Dawn and the Vulkan
 * loader write their diagnostics straight to the process's stderr from native code ("Couldn't load
 * Vulkan: libvulkan.so.1 …", "loader_get_json: Failed to open JSON file …"), where neither Node nor
 * Dawn's JS bindings can catch them; on a machine without a GPU that was several lines of noise
 * before the CLI's own one-line fallback note. The child's stderr is captured instead, and its first
 * line becomes the reason in that note; only when the child found an adapter does the CLI load
 * Dawn itself (src/gpu/node.ts). Costs one short-lived `node` (0.5–1 s measured here), only when the GPU is asked
 * for or `auto` has enough rows to consider it.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export type ChildGpuProbe = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** Runs in the child: import Dawn, ask for an adapter, say yes or no on stdout. */
const SCRIPT = `
const { create, globals } = await import(process.argv[1]);
Object.assign(globalThis, globals);
const adapter = await create([]).requestAdapter({ powerPreference: 'high-performance' });
process.stdout.write(adapter ? 'adapter' : 'none');
process.exit(0);
`;

/** The first line of the child's stderr that says something, without Dawn's "Warning: " prefix. */
function cause(stderr: string): string {
  const line = stderr.split('\n').map((l) => l.trim()).find((l) => l !== '' && !l.startsWith('at ')) ?? '';
  const text = line.replace(/^(Warning|Error|ERROR):\s*/, '').replace(/\.+$/, '');
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export function probeGpuInChild(timeoutMs = 30_000): ChildGpuProbe {
  let url: string;
  try {
    url = pathToFileURL(createRequire(import.meta.url).resolve('webgpu')).href;
  } catch {
    return { ok: false, reason: 'The optional "webgpu" package (Dawn for Node) is not installed. Install it with npm, or use --backend cpu.' };
  }
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT, url], { encoding: 'utf8', timeout: timeoutMs });
  if (r.stdout === 'adapter') return { ok: true };
  const why = cause(r.stderr ?? '') || (r.error ? r.error.message : r.signal ? `the probe ended with ${r.signal}` : '');
  return { ok: false, reason: `No WebGPU adapter is available${why ? ` (${why})` : ''}.` };
}
