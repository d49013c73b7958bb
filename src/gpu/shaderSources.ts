/**
 * The WGSL templates of shaders/ (see shaders/README.md), as strings through Vite's `?raw`
 * imports, so the worker bundle carries them and no fetch is needed at run time. This is the only
 * module that imports them: outside Vite (Node, tsx, esbuild) a loader for `?raw` is needed
 * (bench/gpu-bundle.ts has the esbuild plugin).
 */
import batchFit from '../../shaders/batchFit.wgsl?raw';
import cost from '../../shaders/cost.wgsl?raw';
import evaluateGrid from '../../shaders/evaluateGrid.wgsl?raw';
import linearize from '../../shaders/linearize.wgsl?raw';
import loss from '../../shaders/loss.wgsl?raw';
import prelude from '../../shaders/prelude.wgsl?raw';
import reduce from '../../shaders/reduce.wgsl?raw';

export const SHADERS = { batchFit, cost, evaluateGrid, linearize, loss, prelude, reduce } as const;
