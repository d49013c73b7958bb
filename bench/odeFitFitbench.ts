/**
 * Fitbench's side of the Lotka–Volterra fit benchmark (issue 23): odeFit (the entry the CLI's
 * `fitbench fit --model-file` and the job's 'ode' kind run) on fixtures/ode/lotka_volterra from the
 * fixture's good and far start, warm, best of N, and how far each fit ends from the fixture's
 * scipy minimum (ΔRSS = |RSS − RSS_ref|/RSS_ref ≤ 1e-6, Δp = max |p − p_ref|/|p_ref| ≤ 1e-4).
 */
import { readFileSync } from 'node:fs';
import { compileOde, type CompiledOde } from '../src/model/odeCompile';
import { parseStatements } from '../src/model/statements';
import { odeFit } from '../src/fit/ode';
import type { OdeFitData } from '../src/fit/ode/observations';
import type { OdeIntegration } from '../src/fit/ode/odeDefaults';
import type { FitOptions } from '../src/fit/defaults';

const DIR = 'fixtures/ode/';

interface Fixture {
  readonly model: string;
  readonly data: string;
  readonly time: string;
  readonly observations: readonly { readonly column: string }[];
  readonly params: readonly string[];
  readonly starts: Record<'good' | 'far', Record<string, number>>;
  readonly acceptance: { readonly rss: number; readonly params: number };
  readonly scipy: { readonly params: Record<string, number>; readonly rss: number };
}

export interface LvProblem {
  readonly fixture: Fixture;
  readonly model: CompiledOde;
  readonly data: OdeFitData;
}

/** The fixture's model compiled once and its columns read (the per-process setup, not timed). */
export function loadLotkaVolterra(): LvProblem {
  const fixture = JSON.parse(readFileSync(`${DIR}lotka_volterra.json`, 'utf8')) as Fixture;
  const [head, ...lines] = readFileSync(`${DIR}${fixture.data}`, 'utf8').trim().split(/\r?\n/);
  const names = head.split(',');
  const rows = lines.map((l) => l.split(',').map(Number));
  const cols = Object.fromEntries(names.map((n, j) => [n, Float64Array.from(rows, (r) => r[j])]));
  const spec = parseStatements(fixture.model, { columns: names });
  if (!spec.ok) throw new Error(`bench/odeFitFitbench.ts: ${spec.error.message}`);
  const model = compileOde(spec.value);
  if (!model.ok) throw new Error(`bench/odeFitFitbench.ts: ${model.error.message}`);
  const data: OdeFitData = {
    observed: fixture.observations.map((o) => ({ column: o.column, time: cols[fixture.time], y: cols[o.column], sigma: null })),
  };
  return { fixture, model: model.value, data };
}

export interface FitbenchTiming {
  readonly seconds: number;
  readonly median_seconds: number;
  readonly rss_rel: number;
  readonly params_rel: number;
  readonly ok: boolean;
  readonly nfev: number;
  readonly njev: number;
  readonly integrations: number;
  readonly fevals: number;
}

/** One start's fit at the given integration and optimizer tolerances, warmed `warm` times, then best and median of `rounds`. */
export async function timeFitbench(
  pb: LvProblem,
  start: 'good' | 'far',
  integration: Partial<OdeIntegration>,
  options: FitOptions,
  rounds: number,
  warm = 3,
): Promise<FitbenchTiming> {
  const { fixture } = pb;
  const parameters = fixture.params.map((name) => ({ name, value: fixture.starts[start][name] }));
  const once = () => odeFit({ model: pb.model, data: pb.data, parameters, integration, options });
  let last = await once();
  for (let i = 0; i < warm; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    last = await once();
    times.push((performance.now() - t0) / 1000);
  }
  times.sort((a, b) => a - b);
  const { result, ode } = last;
  const rssRel = Math.abs(result.stats.chi2 - fixture.scipy.rss) / fixture.scipy.rss;
  let pRel = 0;
  for (const p of result.parameters) pRel = Math.max(pRel, Math.abs(p.value - fixture.scipy.params[p.name]) / Math.abs(fixture.scipy.params[p.name]));
  return {
    seconds: times[0],
    median_seconds: times[Math.floor(times.length / 2)],
    rss_rel: rssRel,
    params_rel: pRel,
    ok: result.success && ode.failures === 0 && rssRel <= fixture.acceptance.rss && pRel <= fixture.acceptance.params,
    nfev: result.nfev,
    njev: result.njev,
    integrations: ode.integrations,
    fevals: ode.fevals,
  };
}
