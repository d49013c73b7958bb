/**
 * GPU buffers pooled by usage and size, so evaluators, grid evaluators and repeated fits reuse
 * memory instead of allocating per call (the onnxruntime-web / tfjs habit). A buffer is acquired
 * when an evaluator is set up and released when it is disposed; nothing is allocated per
 * iteration. Sizes are rounded up to 256 bytes, so near-equal requests share buffers.
 *
 * Every buffer gets a label (W3C WebGPU §3.2 GPUObjectBase.label): it names the buffer in
 * validation messages and captures.
 *
 * Released buffers stay allocated for reuse until trim(); destroy() frees everything (a lost
 * device has already freed them).
 */

const ALIGN = 256;

export class BufferPool {
  private readonly free = new Map<string, GPUBuffer[]>();
  private readonly all = new Set<GPUBuffer>();
  private readonly keyOf = new WeakMap<GPUBuffer, string>();

  constructor(private readonly device: GPUDevice) {}

  /** Bytes a request of `size` occupies. */
  static rounded(size: number): number {
    return Math.max(ALIGN, Math.ceil(size / ALIGN) * ALIGN);
  }

  /** A buffer of at least `size` bytes with exactly `usage`; `label` names the new user. */
  acquire(label: string, size: number, usage: GPUBufferUsageFlags): GPUBuffer {
    const bytes = BufferPool.rounded(size);
    const key = `${usage}:${bytes}`;
    const reused = this.free.get(key)?.pop();
    if (reused) {
      reused.label = label;
      return reused;
    }
    const buffer = this.device.createBuffer({ label, size: bytes, usage });
    this.all.add(buffer);
    this.keyOf.set(buffer, key);
    return buffer;
  }

  /**
   * A new buffer, mapped at creation, for a one-time upload (data chunks). It joins the pool when
   * released like any other.
   */
  createMapped(label: string, size: number, usage: GPUBufferUsageFlags): GPUBuffer {
    const bytes = BufferPool.rounded(size);
    const buffer = this.device.createBuffer({ label, size: bytes, usage, mappedAtCreation: true });
    this.all.add(buffer);
    this.keyOf.set(buffer, `${usage}:${bytes}`);
    return buffer;
  }

  /** Returns buffers for reuse. */
  release(...buffers: GPUBuffer[]): void {
    for (const buffer of buffers) {
      const key = this.keyOf.get(buffer);
      if (key === undefined || !this.all.has(buffer)) continue;
      buffer.label = `${buffer.label} (pooled)`;
      const list = this.free.get(key) ?? [];
      if (!list.includes(buffer)) list.push(buffer);
      this.free.set(key, list);
    }
  }

  /** Frees buffers now, without keeping them for reuse (large one-off uploads). */
  discard(...buffers: GPUBuffer[]): void {
    for (const buffer of buffers) {
      if (!this.all.delete(buffer)) continue;
      for (const list of this.free.values()) {
        const at = list.indexOf(buffer);
        if (at >= 0) list.splice(at, 1);
      }
      buffer.destroy();
    }
  }

  /** Frees every released buffer. */
  trim(): void {
    for (const list of this.free.values()) {
      for (const buffer of list) {
        this.all.delete(buffer);
        buffer.destroy();
      }
    }
    this.free.clear();
  }

  /** Bytes held, in use or free. */
  get bytes(): number {
    let sum = 0;
    for (const b of this.all) sum += b.size;
    return sum;
  }

  destroy(): void {
    for (const buffer of this.all) buffer.destroy();
    this.all.clear();
    this.free.clear();
  }
}
