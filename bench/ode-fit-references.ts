/**
 * The reference side of the Lotka–Volterra fit benchmark on its own (issue 23): scipy's and R's
 * fit times at the loosest tolerances that reach fixtures/ode/lotka_volterra.json's minimum (see
 * bench/odeFitReferences.ts), as a table on stdout and in bench/results/ode-fit-references.md.
 * bench/ode.ts runs the same two scripts beside Fitbench's fit; this is the table without it.
 *
 * Run: npx tsx bench/ode-fit-references.ts [rounds]   (default 5)
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { rOdeFit, scipyOdeFit, type StartTiming, type Variant } from './odeFitReferences';

const rounds = Number(process.argv[2] ?? 5);
const before = loadavg()[0];
const scipy = scipyOdeFit({ rounds });
const r = rOdeFit({ rounds });
const after = loadavg()[0];

const ms = (s: number): string => `${(s * 1000).toFixed(0)} ms`;
const rows: string[] = [];
function row<S extends StartTiming>(what: string, v: Variant<S>, evals: (s: S) => string): void {
  for (const which of ['good', 'far'] as const) {
    const s = v[which];
    rows.push(`| ${what} | ${which} | ${v.rtol} / ${v.tol} | ${ms(s.seconds)} (median ${ms(s.median_seconds)}) | ${evals(s)} | ${s.rss_rel.toExponential(1)} / ${s.params_rel.toExponential(1)} | ${s.ok ? 'yes' : 'no'} |`);
  }
}
row('scipy solve_ivp(RK45) + least_squares(2-point)', scipy.fd, (s) => `${s.nfev} r, ${s.njev} J, ${s.rhs_calls} f`);
row('scipy solve_ivp(RK45) + sensitivities + least_squares', scipy.sens, (s) => `${s.nfev} r, ${s.njev} J, ${s.rhs_calls} f`);
if ('missing' in r) rows.push(`| R | – | – | ${r.missing} | | | |`);
else row('R deSolve lsoda + nls.lm', r.lsoda_fd, (s) => `${s.iterations} iterations, ${s.fn_calls} r`);

const table = `# Lotka–Volterra fit, the references (bench/ode-fit-references.ts)

fixtures/ode/lotka_volterra (21 times, Hare and Lynx, 6 parameters) from the fixture's good and far
start; wall time per fit, best of ${rounds} (median beside it); tolerances rtol / optimizer tol
(atol = rtol/100), the loosest of a decade grid that reach the fixture's minimum robustly
(bench/results/ode-fit-tolerances.md); ΔRSS / Δp relative to the fixture's scipy reference.
r, J, f: residual and Jacobian evaluations, right-hand side calls.
${scipy.tool}; ${'missing' in r ? 'R missing' : r.tool}; Node ${process.version}; ${cpus()[0]?.model ?? 'cpu'};
load average ${before.toFixed(2)} → ${after.toFixed(2)}.

| fit | start | tolerances | time | evaluations | ΔRSS / Δp | reaches the minimum |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
process.stdout.write(table);
writeFileSync('bench/results/ode-fit-references.md', table);
