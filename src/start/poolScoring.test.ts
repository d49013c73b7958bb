/**
 * The start search's candidates scored in ranges (issue 11): any split of the index range, merged
 * in (cost, index) order, keeps exactly the candidates of one serial pass; and the search on a
 * worker_threads pool (candidateTask.ts) ends with the same result as in this thread, number
 * for number, on NIST MGH17 and Gauss1 with 2048 candidates.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadNist } from '../../test/nist';
import { compileModel } from '../model/index';
import { createNodePool } from '../parallel/node/nodePool';
import type { CandidateTaskInput } from './candidateTask';
import { mergeScored, scoreRange, type CandidatePlan, type ScoredRange } from './candidates';
import { searchBoxes } from './boxes';
import { linearParameters } from './linearity';
import { autoStart, SCORE_MAX_ROWS } from './multistart';
import { POOL_MIN_CANDIDATES } from './poolScoring';
import { VariableProjection } from './projection';

const problems = new Map(loadNist().map((p) => [p.name, p]));

function problem(name: string) {
  const p = problems.get(name)!;
  const compiled = compileModel(p.model, { columns: Object.keys(p.columns) });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const model = compiled.value;
  return { model, data: { vars: model.variables.map((v) => p.columns[v].hi), y: p.y.hi } };
}

const pool = createNodePool<CandidateTaskInput, ScoredRange>({ module: new URL('./candidateTask.ts', import.meta.url), size: 2 });
afterAll(() => pool.close());

describe('start candidates in ranges', () => {
  it('any split, merged, keeps the candidates of one pass (Gauss1, 3000 candidates, ties included)', () => {
    const { model, data } = problem('Gauss1');
    const n = model.params.length;
    const linear = linearParameters(model.ast, model.params);
    const searched = model.params.map((_, i) => i).filter((i) => !linear.includes(i));
    const lb = new Float64Array(n).fill(-Infinity);
    const ub = new Float64Array(n).fill(Infinity);
    const known = new Map(linear.map((i) => [i, 1]));
    const boxes = searchBoxes({ ast: model.ast, params: model.params, variables: model.variables, vars: data.vars, searched, known, lb, ub });
    const vp = new VariableProjection(model.kernels(linear), { ...data, w: null }, linear, new Float64Array(linear.length).fill(-Infinity), new Float64Array(linear.length).fill(Infinity));
    const plan: CandidatePlan = { n, searched, boxes, lb, ub, known: [], seed: 3, keep: 32 };
    const whole = scoreRange(vp, plan, 0, 3000);
    expect(whole.best).toHaveLength(32);
    for (const cuts of [[1500], [1, 2, 999, 1000, 2999], [64, 128, 700, 2048]]) {
      const edges = [0, ...cuts, 3000];
      const parts = edges.slice(1).map((end, k) => scoreRange(vp, plan, edges[k], end));
      const merged = mergeScored(parts, plan.keep);
      expect(merged.finite).toBe(whole.finite);
      expect(merged.evaluated).toBe(3000);
      expect(merged.best.map((c) => [c.index, c.cost])).toEqual(whole.best.map((c) => [c.index, c.cost]));
      expect(merged.best.map((c) => Array.from(c.params))).toEqual(whole.best.map((c) => Array.from(c.params)));
    }
  });

  it.each(['MGH17', 'Gauss1'])('%s: the search on a worker pool ends exactly as in this thread', async (name) => {
    const { model, data } = problem(name);
    const starts = 2048; // the same ranges split over the pool; the count only scales the time
    const serial = await autoStart(model, data, [], { starts });
    const pooled = await autoStart(model, data, [], { starts, pool, poolMinCandidates: starts });
    expect(starts).toBeLessThan(POOL_MIN_CANDIDATES);
    const below = await autoStart(model, data, [], { starts, pool: { size: 9, map: () => Promise.reject(new Error('not below the threshold')) } });
    expect(below.workers).toBe(0);
    expect(pooled.workers).toBe(2);
    expect(pooled.candidates).toBe(serial.candidates);
    expect(pooled.evaluated).toBe(starts);
    expect(pool.workers).toBeGreaterThan(0);
    expect(pooled.refined).toBe(serial.refined);
    expect(pooled.sameMinimum).toBe(serial.sameMinimum);
    expect(pooled.start).toEqual(serial.start);
    expect(pooled.others).toEqual(serial.others);
    expect(pooled.fit.cost).toBe(serial.fit.cost);
    expect(pooled.fit.parameters.map((q) => q.value)).toEqual(serial.fit.parameters.map((q) => q.value));
  });
  it('many weighted rows, scored on their means (scoringRows.ts): the pool ends exactly as this thread', async () => {
    // The pool's tasks get the sample's columns and weights, not the rows: the same candidates win.
    const compiled = compileModel('A*exp(-((x-mu)/s)^2/2) + c', { columns: ['x'] });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const model = compiled.value;
    const n = 3 * SCORE_MAX_ROWS + 11;
    const x = Float64Array.from({ length: n }, (_, i) => i / n);
    const sigma = Float64Array.from(x, (_, i) => 0.05 + 0.02 * ((i * 7919) % 13));
    const y = Float64Array.from(x, (v, i) => 2 * Math.exp(-(((v - 0.3) / 0.01) ** 2) / 2) + 0.5 + sigma[i] * Math.sin(i * 12.9898));
    const data = { vars: [x], y, sigma };
    // 16 candidates, one refined: what is checked is which rows the pool scores on, not how many
    // candidates (the refinements run on all 196 619 rows).
    const starts = 16;
    const serial = await autoStart(model, data, [], { starts, refine: 1 });
    const pooled = await autoStart(model, data, [], { starts, refine: 1, pool, poolMinCandidates: starts });
    expect(serial.scoredRows).toBe(Math.ceil(n / 4));
    expect(pooled.workers).toBe(2);
    expect(pooled.scoredRows).toBe(serial.scoredRows);
    expect(pooled.start).toEqual(serial.start);
    expect(pooled.fit.cost).toBe(serial.fit.cost);
  }, 60_000);
});
