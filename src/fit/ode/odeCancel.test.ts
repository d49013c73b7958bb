/**
 * Cancel inside a long integration (issue 23): Robertson's stiff kinetics (fixtures/ode/
 * robertson_fit.json) integrated by the explicit Dormand–Prince pair at a tiny tolerance with no
 * practical step bound is stability-bound for minutes; a cancel flag that turns true while the
 * first integration runs (as a flag another thread writes, e.g. the page's Cancel) stops the fit
 * within a fraction of a second, as the cancelled error the page reads, naming where it stopped.
 * Without the flag the default step bound ends that integration (a failure, never a hang).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileOde } from '../../model/odeCompile';
import { parseStatements } from '../../model/statements';
import { FitInputError } from '../parameters';
import { odeFit } from './odeFit';
import type { OdeFitData } from './observations';

const problem = JSON.parse(readFileSync('fixtures/ode/robertson_fit.json', 'utf8')) as { model: string; starts: { good: Record<string, number> } };
const [head, ...lines] = readFileSync('fixtures/ode/robertson_fit.csv', 'utf8').trim().split(/\r?\n/);
const rows = lines.map((l) => l.split(',').map(Number));
const col = (name: string) => Float64Array.from(rows, (r) => r[head.split(',').indexOf(name)]);
const spec = parseStatements(problem.model, { columns: head.split(',') });
if (!spec.ok) throw new Error(spec.error.message);
const model = compileOde(spec.value);
if (!model.ok) throw new Error(model.error.message);
const data: OdeFitData = { observed: ['y1', 'y3'].map((c) => ({ column: c, time: col('t'), y: col(c), sigma: col(`${c}_sd`) })) };
const parameters = Object.entries(problem.starts.good).map(([name, value]) => ({ name, value }));
const stiffExplicit = { method: 'dopri5' as const, rtol: 1e-13, atol: 1e-18 };

describe('Cancel inside an ODE integration', () => {
  it('stops a stability-bound integration within 100 ms of the flag, as a cancelled fit that says where', async () => {
    const cancelAt = performance.now() + 150;
    const signal = { get aborted() { return performance.now() >= cancelAt; } };
    const error = await odeFit({ model: model.value, data, parameters, integration: { ...stiffExplicit, maxSteps: 1e9 }, signal }).catch((e: unknown) => e);
    const late = performance.now() - cancelAt;
    expect(error).toBeInstanceOf(FitInputError);
    expect((error as FitInputError).code).toBe('cancelled');
    expect((error as Error).message).toMatch(/^The ODE fit was cancelled \(the integration stopped at t = [0-9.e+-]+\)\.$/);
    expect(late).toBeGreaterThanOrEqual(0);
    expect(late).toBeLessThan(100);
  });

  it('without Cancel the default step bound ends it: an error naming the time and state, not a hang', async () => {
    const t0 = performance.now();
    const error = await odeFit({ model: model.value, data, parameters, integration: stiffExplicit }).catch((e: unknown) => e);
    expect((error as FitInputError).code).toBe('ode-integration');
    expect((error as Error).message).toMatch(/max-steps at t = .*, state y\d.*rodas4/);
    expect(performance.now() - t0).toBeLessThan(5000);
  }, 10_000);
});
