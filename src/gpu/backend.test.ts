import { describe, expect, it } from 'vitest';
import { chooseBackend, GPU_CROSSOVER_ROWS } from './backend';
import type { GpuContext } from './device';

function context(software: boolean, lost: string | null = null): GpuContext {
  const adapter = { vendor: software ? 'google' : 'nvidia', architecture: software ? 'swiftshader' : 'hopper', device: '', description: software ? '' : 'NVIDIA H100', software };
  return { adapter, lost } as unknown as GpuContext;
}

describe('chooseBackend', () => {
  it('obeys cpu, and gpu when there is one', () => {
    expect(chooseBackend(10, context(false), 'cpu').backend).toBe('cpu');
    expect(chooseBackend(10, context(false), 'gpu').backend).toBe('gpu');
    expect(chooseBackend(10, context(true), 'gpu').backend).toBe('gpu');
  });

  it('falls back to the CPU with the reason when there is no usable GPU', () => {
    expect(chooseBackend(1e7, null, 'gpu')).toMatchObject({ backend: 'cpu', reason: expect.stringMatching(/No WebGPU adapter/) });
    expect(chooseBackend(1e7, context(false, 'destroyed'), 'auto')).toMatchObject({ backend: 'cpu', reason: expect.stringMatching(/lost \(destroyed\)/) });
  });

  it('auto: a hardware GPU from the crossover on, never a CPU emulation', () => {
    expect(chooseBackend(GPU_CROSSOVER_ROWS - 1, context(false), 'auto').backend).toBe('cpu');
    expect(chooseBackend(GPU_CROSSOVER_ROWS, context(false), 'auto').backend).toBe('gpu');
    expect(chooseBackend(1e8, context(true), 'auto')).toMatchObject({ backend: 'cpu', reason: expect.stringMatching(/CPU emulation \(swiftshader\)/) });
  });
});
