/**
 * WebGPU in Node for the CLI's `--backend gpu`: the optional `webgpu` package (Dawn's Node
 * bindings). Loaded lazily inside try/catch, so the CLI works without it; what is missing comes
 * back as a reason. Dawn finds Vulkan through the system loader (libvulkan.so.1) and a driver's
 * ICD; without a GPU, VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json (with
 * LD_LIBRARY_PATH=/usr/lib/chromium for Chromium's loader) gives a SwiftShader adapter.
 *
 * Caution (DESIGN.md): one reduction kernel was seen to crash Dawn-in-Node where Chromium ran it;
 * the browser tests are the reference. Destroy the context's device when done, or the process may
 * not exit.
 */

interface WebGpuModule {
  create(flags: string[]): GPU;
  globals: Record<string, unknown>;
}

export type NodeGpuProbe = { readonly ok: true; readonly gpu: GPU } | { readonly ok: false; readonly reason: string };

/** The GPU object, or why there is none. `flags` are Dawn toggles (`['backend=vulkan']`). */
export async function probeNodeGpu(flags: string[] = []): Promise<NodeGpuProbe> {
  let webgpu: WebGpuModule;
  try {
    const name = 'webgpu'; // a variable, so bundlers for the browser leave it alone
    webgpu = (await import(/* @vite-ignore */ name)) as WebGpuModule;
  } catch (e) {
    return { ok: false, reason: `The optional "webgpu" package (Dawn for Node) could not be loaded: ${e instanceof Error ? e.message : String(e)}. Install it with npm, or use --backend cpu.` };
  }
  try {
    Object.assign(globalThis, webgpu.globals);
    return { ok: true, gpu: webgpu.create(flags) };
  } catch (e) {
    return { ok: false, reason: `Dawn could not start: ${e instanceof Error ? e.message : String(e)} (is a Vulkan loader and driver installed?).` };
  }
}

/** The GPU object for acquireGpu({ gpu }), or null (the reason goes to `log`, stderr by default). */
export async function nodeGpu(log: (reason: string) => void = (r) => console.error(r)): Promise<GPU | null> {
  const probe = await probeNodeGpu();
  if (probe.ok) return probe.gpu;
  log(probe.reason);
  return null;
}
