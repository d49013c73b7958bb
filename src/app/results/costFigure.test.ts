import { describe, expect, it } from 'vitest';
import type { FitResult } from '../../fit/types';
import { costFigure } from './CostPlot';

type Row = FitResult['history'][number];

const record = (iteration: number, cost: number, actualReduction: number, phase: number): Row =>
  ({ iteration, nfev: iteration, njev: iteration, cost, optimality: 1, Delta: 1, stepNorm: 1, actualReduction, stepKind: 'trust-region', x: new Float64Array(1), elapsedMs: 0, phase }) as Row;

describe('costFigure', () => {
  it('starts the first phase at iteration 0 with the cost at the start values', () => {
    const history = [record(1, 40, 960, 0), record(2, 30, 10, 0), record(3, 30, 0, 0), record(1, 29.5, 0.5, 1)];
    const phases = [{ role: 'fit', backend: 'gpu' }, { role: 'polish', backend: 'cpu' }] as unknown as FitResult['phases'];
    const { data, layout } = costFigure(history, phases);
    const [fit, polish] = data as { x: number[]; y: number[]; name: string }[];
    expect(fit.x).toEqual([0, 1, 2, 3]);
    expect(fit.y).toEqual([1000, 40, 30, 30]);
    expect(polish.x).toEqual([4]);
    expect(polish.y).toEqual([29.5]);
    expect(fit.name).toBe('fit (GPU)');
    expect((layout.yaxis as { type: string }).type).toBe('log');
  });

  it('gives a flat history (a refit from converged values) a decade around its cost, and leaves a falling one to autorange', () => {
    const phases = [{ role: 'fit', backend: 'cpu' }] as unknown as FitResult['phases'];
    const flat = costFigure([record(1, 0.0685613527279497, 1e-17, 0), record(2, 0.0685613527279497, 0, 0)], phases);
    const [lo, hi] = flat.layout.yaxis?.range as [number, number];
    expect(lo).toBeCloseTo(Math.log10(0.0685613527279497) - 0.5, 12);
    expect(hi).toBeCloseTo(Math.log10(0.0685613527279497) + 0.5, 12);
    expect(flat.layout.yaxis?.autorange).toBe(false);
    const falling = costFigure([record(1, 40, 960, 0), record(2, 30, 10, 0)], phases);
    expect(falling.layout.yaxis?.range).toBeUndefined();
  });

  it('draws nothing for no history and a linear axis when a cost is 0', () => {
    expect(costFigure([], []).data).toEqual([]);
    const zero = costFigure([record(1, 0, 5, 0)], []);
    expect((zero.data[0] as { y: number[] }).y).toEqual([5, 0]);
    expect((zero.layout.yaxis as { type: string }).type).toBe('linear');
  });

  it('ends the axis at the iterations the header counts: a refinement without records is drawn dashed to the final cost', () => {
    // 3 recorded TRF iterations, then 2 Gauss–Newton steps that keep no history (curveFit's refine phase).
    const history = [record(1, 40, 960, 0), record(2, 30, 10, 0), record(3, 29, 1, 0)];
    const phases = [
      { role: 'fit', backend: 'cpu', nit: 3 },
      { role: 'refine', backend: 'cpu', nit: 2 },
    ] as unknown as FitResult['phases'];
    const nit = phases.reduce((sum, p) => sum + p.nit, 0);
    const { data, layout } = costFigure(history, phases, 28.75);
    const [fit, refine] = data as { x: number[]; y: number[]; name: string; line: { dash?: string } }[];
    expect(fit.x).toEqual([0, 1, 2, 3]);
    expect(refine.x).toEqual([3, nit]);
    expect(refine.y).toEqual([29, 28.75]);
    expect(refine.line.dash).toBe('dash');
    expect(refine.name).toContain('refine (CPU)');
    expect(layout.showlegend).toBe(true);
    // Without the final cost there is nothing honest to draw for the refinement.
    expect(costFigure(history, phases).data).toHaveLength(1);
  });
});
