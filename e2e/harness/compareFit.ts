/**
 * Acceptance 1 (fits) and 2 (lost device): a whole curve fit with the main phase on the GPU and
 * the float64 polish on the CPU, against the CPU-only fit of the same problem. With destroyAfter,
 * the device is destroyed after that many accepted GPU iterations (or, with destroyInFlight, right
 * after the next submit, while a pass is in flight) and the fit must finish on the CPU.
 */
import { curveFit } from '../../src/fit/curveFit';
import type { FitResult } from '../../src/fit/types';
import { gpuPrimary } from '../../src/gpu/index';
import type { FitCase, FitComparison } from './api';
import { context } from './context';
import { standardProblem } from './standardModels';

export async function compareFit(c: FitCase): Promise<FitComparison> {
  const ctx = await context();
  const problem = standardProblem(c.model, c.rows, c.seed);
  const options = { loss: c.loss ?? 'linear' };
  let cpu: FitResult | null = null;
  let t0 = performance.now();
  if (!c.gpuOnly) cpu = await curveFit({ ...problem, options });
  const cpuMs = performance.now() - t0;

  let armed = false;
  let invalid = false;
  const primary = gpuPrimary(ctx, {
    model: problem.model,
    onSubmit: () => {
      if (armed && c.destroyInFlight) {
        armed = false;
        ctx.device.destroy(); // the real thing: no bookkeeping before the loss
      }
      if (invalid) {
        invalid = false;
        // MAP_READ may only be combined with COPY_DST: a real validation error, raised while the
        // pass's error scopes are open.
        ctx.device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.STORAGE });
      }
    },
  });
  t0 = performance.now();
  const gpu = await curveFit({
    ...problem,
    options,
    primary,
    onIteration: (summary, phase) => {
      if (c.invalidAfter !== undefined && phase.backend === 'gpu' && summary.iteration === c.invalidAfter) invalid = true;
      if (c.destroyAfter === undefined || phase.backend !== 'gpu' || summary.iteration !== c.destroyAfter) return;
      if (c.destroyInFlight) armed = true;
      else ctx.destroy();
    },
  });
  const gpuMs = performance.now() - t0;
  const submits = primary.evaluator?.submits ?? 0;
  primary.release();

  const names = gpu.parameters.map((p) => p.name);
  const gpuValues = gpu.parameters.map((p) => p.value);
  const cpuValues = cpu ? cpu.parameters.map((p) => p.value) : gpuValues.map(() => NaN);
  const maxRel = Math.max(...gpuValues.map((v, i) => Math.abs(v - cpuValues[i]) / Math.abs(cpuValues[i])));
  return {
    names,
    cpu: cpuValues,
    gpu: gpuValues,
    maxRel,
    phases: gpu.phases.map((p) => ({ role: p.role, backend: p.backend, linearization: p.linearization, nfev: p.nfev, nit: p.nit, status: p.status, lost: p.lost === true, ms: p.ms })),
    warnings: gpu.warnings,
    success: gpu.success,
    gpuSubmits: submits,
    contextLost: ctx.lost,
    cpuMs,
    gpuMs,
  };
}
