/**
 * Lotka–Volterra with forward sensitivities, side by side in one run: Fitbench's solveOde on the
 * model compiled from its statements (2 states, 6 parameters α, β, δ, γ, H0, L0, 21 observation
 * times) against scipy.integrate.solve_ivp (RK45) on the same 14 equations written in numpy, both
 * at rtol 1e-8, atol 1e-10; plus the states alone. Accuracy of both against a DOP853 reference
 * at rtol 1e-13. The table goes to stdout and bench/results/ode.md.
 *
 * Run: npx tsx bench/ode.ts [repeats]   (default 2000 for ours, a tenth for scipy)
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { compileOde } from '../src/model/odeCompile';
import { parseStatements } from '../src/model/statements';
import { solveOde, type OdeMethod, type OdeSolution } from '../src/ode';

const REPEATS = Number(process.argv[2] ?? 2000);
const SOURCE = `dH/dt = alpha*H - beta*H*L
dL/dt = delta*H*L - gamma*L
H(0) = H0; L(0) = L0
Hare ~ H; Lynx ~ L`;
const p = [0.55, 0.028, 0.026, 0.84, 30, 4];
const times = Array.from({ length: 21 }, (_, i) => i);
const rtol = 1e-8;
const atol = 1e-10;

const spec = parseStatements(SOURCE);
if (!spec.ok) throw new Error(spec.error.message);
const compiled = compileOde(spec.value);
if (!compiled.ok) throw new Error(compiled.error.message);
const model = compiled.value;
const sys = model.bind(p);

function time(run: () => OdeSolution): { seconds: number; sol: OdeSolution } {
  let sol = run();
  for (let i = 0; i < REPEATS / 10; i++) run(); // warm-up
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const t0 = performance.now();
    for (let i = 0; i < REPEATS / 5; i++) sol = run();
    best = Math.min(best, (performance.now() - t0) / 1000 / (REPEATS / 5));
  }
  return { seconds: best, sol };
}

interface Scipy {
  scipy: string;
  numpy: string;
  sens_seconds: number;
  sens_nfev: number;
  states_seconds: number;
  states_nfev: number;
  rk45: number[][];
  reference: number[][];
}
const scipy = JSON.parse(
  execFileSync('python3', ['bench/ode_scipy.py', JSON.stringify({ p, times, rtol, atol, repeats: Math.max(5, Math.round(REPEATS / 40)) })], { encoding: 'utf8' }),
) as Scipy;

/** Largest |ours − reference| over states (and, with sensitivities, S) relative to max(1, |ref|). */
function deviation(sol: OdeSolution, ref: number[][], withSens: boolean): number {
  let worst = 0;
  times.forEach((_, r) => {
    for (let i = 0; i < 2; i++) {
      worst = Math.max(worst, Math.abs(sol.x[r * 2 + i] - ref[r][i]) / Math.max(1, Math.abs(ref[r][i])));
      if (!withSens) continue;
      for (let k = 0; k < 6; k++) {
        const want = ref[r][2 + k * 2 + i];
        worst = Math.max(worst, Math.abs(sol.s![(r * 2 + i) * 6 + k] - want) / Math.max(1, Math.abs(want)));
      }
    }
  });
  return worst;
}
function scipyDeviation(rows: number[][], ref: number[][]): number {
  let worst = 0;
  rows.forEach((row, r) => row.forEach((v, c) => { worst = Math.max(worst, Math.abs(v - ref[r][c]) / Math.max(1, Math.abs(ref[r][c]))); }));
  return worst;
}

const rows: string[] = [];
const line = (what: string, seconds: number, evals: string, dev: number, ratio: string) =>
  rows.push(`| ${what} | ${(seconds * 1e6).toFixed(1)} µs | ${evals} | ${dev.toExponential(1)} | ${ratio} |`);
for (const method of ['dopri5', 'auto'] as OdeMethod[]) {
  const s = time(() => solveOde(sys, 0, sys.x0, times, { method, rtol, atol }, sys.sens));
  if (!s.sol.status.ok) throw new Error(s.sol.status.message);
  line(`Fitbench ${method}, states + 12 sensitivities`, s.seconds, `${s.sol.stats.fevals} f (${s.sol.stats.accepted} steps)`, deviation(s.sol, scipy.reference, true), `${(scipy.sens_seconds / s.seconds).toFixed(0)}× faster`);
}
const plain = time(() => solveOde(sys, 0, sys.x0, times, { rtol, atol }));
line('Fitbench dopri5, states only', plain.seconds, `${plain.sol.stats.fevals} f`, deviation(plain.sol, scipy.reference, false), `${(scipy.states_seconds / plain.seconds).toFixed(0)}× faster`);
line('scipy solve_ivp RK45, states + 12 sensitivities', scipy.sens_seconds, `${scipy.sens_nfev} f`, scipyDeviation(scipy.rk45, scipy.reference), '1');
line('scipy solve_ivp RK45, states only', scipy.states_seconds, `${scipy.states_nfev} f`, NaN, '1');

const [l1] = loadavg();
const table = `# ODE integration: Lotka–Volterra with sensitivities (bench/ode.ts)

Model \`dH/dt = alpha*H - beta*H*L; dL/dt = delta*H*L - gamma*L\`, p = (${p.join(', ')}),
21 times 0…20, rtol ${rtol}, atol ${atol}; deviation: max |Δ|/max(1, |ref|) over X and S
against DOP853 at rtol 1e-13. Time per integration, best of 5 rounds.
scipy ${scipy.scipy}, numpy ${scipy.numpy}; Node ${process.version}; ${cpus()[0]?.model ?? 'cpu'}; load average ${l1.toFixed(2)}.

| run | time | evaluations | deviation | vs scipy |
|---|---|---|---|---|
${rows.join('\n')}
`;
process.stdout.write(table);
writeFileSync('bench/results/ode.md', table);
