/**
 * Launching Debian's headless Chromium with playwright-core (no browser download: the binary is
 * /usr/bin/chromium, or CHROMIUM_PATH). The flags are those these offline machines need
 * (DESIGN.md "The environment"): no sandbox (root), no background networking, component updates,
 * sync or first-run UI. `webgpu: true` adds --enable-unsafe-webgpu, which on a machine without a
 * GPU exposes a SwiftShader adapter (a CPU emulation) to pages served from a secure context
 * (http://localhost).
 */
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

export const CHROMIUM_BASE_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
] as const;

export const CHROMIUM_WEBGPU_ARGS = ['--enable-unsafe-webgpu'] as const;

export interface LaunchChromiumOptions {
  /** Expose WebGPU (SwiftShader when there is no GPU). */
  readonly webgpu?: boolean;
  /** More command-line flags. */
  readonly args?: readonly string[];
  readonly headless?: boolean;
  readonly timeout?: number;
}

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export async function launchChromium(options: LaunchChromiumOptions = {}): Promise<Browser> {
  const launch: LaunchOptions = {
    executablePath: chromiumPath(),
    headless: options.headless ?? true,
    timeout: options.timeout ?? 60_000,
    args: [...CHROMIUM_BASE_ARGS, ...(options.webgpu ? CHROMIUM_WEBGPU_ARGS : []), ...(options.args ?? [])],
  };
  return chromium.launch(launch);
}
