/**
 * The CLI invocations of the golden comparison: every mode of `fitbench fit` (single fit with and
 * without --p0, the start search, losses, weights, profile intervals, derived and tied quantities,
 * Poisson likelihood, VarPro, model comparison, groups, wide files, global fits with and without
 * --compare, checkpoint and resume in memory and streamed, --report, --workers 0 and 2) and its
 * refusals, on the files inputs.ts writes. A case is one or more steps run in order in the same
 * folder (a checkpoint, then its resume); `fast` marks the subset golden.test.ts runs.
 */
import { loadNist } from '../nist';
import { NIST } from './inputs';

export interface GoldenCase {
  readonly name: string;
  readonly steps: readonly (readonly string[])[];
  readonly fast?: boolean;
  /** Files the steps write whose masked text is recorded too (the report). */
  readonly outputs?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

const one = (name: string, argv: readonly string[], extra: Partial<GoldenCase> = {}): GoldenCase => ({ name, steps: [['fit', ...argv]], ...extra });

const DECAY = ['exact.csv', '--model', 'a*exp(-x/tau) + c'];
const NOISY = ['noisy.csv', '--model', 'a*exp(-x/tau) + c', '--sigma', 's'];
const WAVE = ['wave.csv', '--model', 'a*exp(-k*x)*cos(w*x)'];
const TREATED = ['puromycin.csv', '--model', 'Vm*conc/(K+conc)', '--y', 'rate', '--where', 'state=treated'];
const PURO = ['puromycin.csv', '--model', 'Vm*conc/(K+conc)', '--y', 'rate', '--p0', 'Vm=200,K=0.05', '--group', 'state'];
const PLATE = ['plate.csv', '--model', 'bottom + (top - bottom)*dose^hill/(EC50^hill + dose^hill)', '--y', 'signal', '--group', 'well', '--p0', 'bottom=0.2,top=2.5,hill=1,EC50=1'];
const DNASE_WIDE = ['dnase_wide.csv', '--model', 'Asym/(1 + exp((xmid - log(conc))/scal))', '--p0', 'Asym=2,xmid=1.5,scal=1'];
const BIG = ['big.csv', '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1,c=0', '--sigma', 's'];

function nistCases(): GoldenCase[] {
  const byName = new Map(loadNist().map((p) => [p.name, p]));
  return NIST.flatMap((name) => {
    const p = byName.get(name)!;
    const p0 = p.params.map((q, i) => `${q}=${p.start1[i]}`).join(',');
    const base = [`nist-${name}.csv`, '--model', p.model];
    return [one(`nist-${name}-start1`, [...base, '--p0', p0, '--json'], { fast: name === 'Misra1a' }), one(`nist-${name}-auto`, [...base, '--json'])];
  });
}

export const CASES: readonly GoldenCase[] = [
  // Single fits.
  one('single-p0-json', [...DECAY, '--p0', 'a=1,tau=1,c=0', '--json'], { fast: true }),
  one('single-p0-text', [...DECAY, '--p0', 'a=1,tau=1,c=0'], { fast: true }),
  one('single-sigma', [...NOISY, '--p0', 'a=1,tau=1,c=0', '--json']),
  one('single-absolute-sigma', [...NOISY, '--p0', 'a=1,tau=1,c=0', '--absolute-sigma', '--json']),
  one('single-fix-bounds-loss', [...DECAY, '--p0', 'a=1,tau=1', '--fix', 'c=0.4', '--bounds', 'tau=0:1.5', '--loss', 'soft_l1', '--json'], { fast: true }),
  one('single-huber-fscale', [...NOISY, '--p0', 'a=1,tau=1,c=0', '--loss', 'huber', '--f-scale', '0.5', '--json']),
  one('single-cauchy-text', [...NOISY, '--p0', 'a=1,tau=1,c=0', '--loss', 'cauchy']),
  one('single-tolerances', [...NOISY, '--p0', 'a=1,tau=1,c=0', '--ftol', '1e-8', '--xtol', '1e-8', '--gtol', '1e-8', '--x-scale', '1', '--max-nfev', '50', '--json']),
  one('single-method-normal', [...NOISY, '--p0', 'a=1,tau=1,c=0', '--method', 'normal', '--json']),
  one('single-not-converged', [...NOISY, '--p0', 'a=1,tau=1,c=0', '--max-nfev', '2', '--json']),
  one('single-weights-1y', [...TREATED, '--p0', 'Vm=200,K=0.05', '--weights', '1/y', '--json']),
  one('single-weights-1y2', [...TREATED, '--p0', 'Vm=200,K=0.05', '--weights', '1/y2', '--json']),
  one('single-weights-relative', [...TREATED, '--p0', 'Vm=200,K=0.05', '--weights', 'relative', '--json']),
  one('single-weights-poisson', ['counts.csv', '--model', 'A*exp(-k*t)', '--p0', 'A=30,k=0.3', '--weights', 'poisson', '--json']),
  one('single-where-exclude', ['puromycin.csv', '--model', 'Vm*conc/(K+conc)', '--y', 'rate', '--where', 'state=treated', '--where', 'conc>0.03', '--exclude-rows', '5,7-8', '--p0', 'Vm=200,K=0.05', '--json']),
  one('single-id-first', ['id_first.csv', '--model', 'a*exp(-time/tau) + c', '--p0', 'a=100,tau=2,c=0', '--json']),
  one('single-decay-fixture', ['decay.csv', '--model', 'a*exp(-t/tau)', '--y', 'counts', '--sigma', 'sigma', '--p0', 'a=1000,tau=2', '--exclude-rows', '14', '--json']),
  one('auto-start', [...WAVE, '--json'], { fast: true }),
  one('auto-start-partial', [...WAVE, '--p0', 'w=2', '--starts', '64', '--json']),
  one('auto-start-seed-text', [...WAVE, '--seed', '7', '--starts', '32']),
  one('auto-start-pool', [...WAVE, '--starts', '131072', '--workers', '2', '--json']),
  one('auto-start-pool-inprocess', [...WAVE, '--starts', '131072', '--workers', '0', '--json']),
  one('ci-profile', [...TREATED, '--p0', 'Vm=200,K=0.05', '--ci', 'profile', '--json'], { fast: true }),
  one('ci-profile-text', [...TREATED, '--p0', 'Vm=200,K=0.05', '--ci', 'profile', '--weights', '1/y']),
  one('ci-profile-misra1a', ['misra1a.csv', '--model', 'b1*(1 - exp(-b2*x))', '--p0', 'b1=500,b2=1e-4', '--ci', 'profile', '--json']),
  one('derive', [...TREATED, '--p0', 'Vm=200,K=0.1', '--derive', 'ratio=Vm/K', '--derive', 'half=ln(2)*K', '--json'], { fast: true }),
  one('derive-text', [...TREATED, '--p0', 'Vm=200,K=0.1', '--derive', 'ratio=Vm/K']),
  one('tie', ['puromycin.csv', '--model', 'Vm*conc/(K + conc) + c', '--y', 'rate', '--where', 'state=treated', '--p0', 'Vm=200,K=0.1', '--tie', 'c=-Vm/20', '--json'], { fast: true }),
  one('tie-text', ['puromycin.csv', '--model', 'Vm*conc/(K + conc) + c', '--y', 'rate', '--where', 'state=treated', '--p0', 'Vm=200,K=0.1', '--tie', 'c=-Vm/20', '--derive', 'r=Vm/K']),
  one('mle-poisson', ['counts.csv', '--model', 'A*exp(-k*t)', '--p0', 'A=30,k=0.3', '--mle', 'poisson', '--json'], { fast: true }),
  one('mle-poisson-auto-text', ['counts.csv', '--model', 'A*exp(-k*t)', '--mle', 'poisson']),
  one('varpro', [...WAVE, '--p0', 'k=0,w=2', '--varpro', '--json'], { fast: true }),
  one('varpro-misra', ['misra1a.csv', '--model', 'b1*(1 - exp(-b2*x))', '--p0', 'b2=1e-4', '--varpro', '--json']),
  one('compare-model', [...TREATED, '--compare-model', 'Vm*conc/(K+conc) + b*conc', '--json'], { fast: true }),
  one('compare-model-fix-text', [...TREATED, '--p0', 'Vm=200,K=0.05', '--compare-model', 'Vm*conc/(K+conc)', '--compare-fix', 'K=0.05']),
  one('compare-model-nested', [...TREATED, '--compare-model', 'Vm*conc/(0.05+conc)', '--nested', '--json']),
  one('group', [...PURO, '--json'], { fast: true }),
  one('group-text', [...PURO]),
  one('group-auto', ['puromycin.csv', '--model', 'Vm*conc/(K+conc)', '--y', 'rate', '--group', 'state', '--json']),
  one('group-workers-0', [...PURO, '--workers', '0', '--json']),
  one('group-workers-2', [...PURO, '--workers', '2', '--json']),
  one('group-groups-where', [...PURO, '--where', 'conc>0.02', '--exclude-rows', '2', '--groups', 'treated', '--json']),
  one('group-plate', [...PLATE, '--json']),
  one('group-plate-workers-2', [...PLATE, '--workers', '2', '--json']),
  one('group-plate-text', [...PLATE]),
  one('group-dnase', ['dnase.csv', '--model', 'Asym/(1 + exp((xmid - log(conc))/scal))', '--y', 'density', '--group', 'Run', '--p0', 'Asym=2,xmid=1.5,scal=1', '--json']),
  one('group-tree', ['tree_growth.csv', '--model', 'Asym/(1 + exp((xmid - age)/scal))', '--y', 'circumference', '--group', 'tree', '--p0', 'Asym=200,xmid=700,scal=350', '--json']),
  one('group-theoph-derive', ['theoph.csv', '--model', 'Dose*exp(lKe + lKa - lCl)*(exp(-exp(lKe)*Time) - exp(-exp(lKa)*Time))/(exp(lKa) - exp(lKe))', '--y', 'conc', '--group', 'Subject', '--p0', 'lKe=-2.5,lKa=0.5,lCl=-3', '--json']),
  one('wide', [...DNASE_WIDE, '--wide', '--json'], { fast: true }),
  one('wide-text', [...DNASE_WIDE, '--wide', '--y', 'Run 1,Run 2,Run 3']),
  one('global-shared', [...PURO, '--shared', 'K', '--json'], { fast: true }),
  one('global-shared-auto', ['puromycin.csv', '--model', 'Vm*conc/(K+conc)', '--y', 'rate', '--group', 'state', '--shared', 'K', '--json']),
  one('global-compare', [...PURO, '--shared', 'K', '--compare', '--json'], { fast: true }),
  one('global-compare-text', [...PURO, '--shared', 'K', '--compare']),
  one('global-wide', [...DNASE_WIDE, '--wide', '--shared', 'scal', '--json']),
  one('global-plate-compare', [...PLATE, '--shared', 'hill', '--compare', '--json']),
  { name: 'checkpoint-resume', steps: [['fit', 'nist-MGH09.csv', '--model', 'b1*(x^2 + x*b2)/(x^2 + x*b3 + b4)', '--p0', 'b1=25,b2=39,b3=41.5,b4=39', '--checkpoint', 'mgh09.ckpt', '--checkpoint-every', '0', '--json'], ['fit', 'nist-MGH09.csv', '--model', 'b1*(x^2 + x*b2)/(x^2 + x*b3 + b4)', '--p0', 'b1=25,b2=39,b3=41.5,b4=39', '--checkpoint', 'mgh09.ckpt', '--resume', '--json'], ['fit', 'nist-MGH09.csv', '--model', 'b1*(x^2 + x*b2)/(x^2 + x*b3 + b4)', '--p0', 'b1=25,b2=39,b3=41.5,b4=39', '--checkpoint', 'mgh09.ckpt', '--resume']], fast: true },
  { name: 'checkpoint-resume-missing', steps: [['fit', ...DECAY, '--p0', 'a=1,tau=1,c=0', '--checkpoint', 'fresh.ckpt', '--resume', '--json']] },
  { name: 'checkpoint-auto-start-note', steps: [['fit', ...WAVE, '--checkpoint', 'wave.ckpt', '--json']] },
  { name: 'checkpoint-other-model', steps: [['fit', ...DECAY, '--p0', 'a=1,tau=1,c=0', '--checkpoint', 'decay.ckpt', '--json'], ['fit', 'exact.csv', '--model', 'a*exp(-x/tau) + c + 0', '--p0', 'a=1,tau=1,c=0', '--checkpoint', 'decay.ckpt', '--resume', '--json']] },
  one('streamed', [...BIG, '--memory-limit', '16M', '--json']),
  one('streamed-text', [...BIG, '--memory-limit', '16M']),
  { name: 'streamed-checkpoint-resume', steps: [['fit', ...BIG, '--memory-limit', '16M', '--checkpoint', 'big.ckpt', '--json'], ['fit', ...BIG, '--memory-limit', '16M', '--checkpoint', 'big.ckpt', '--resume', '--json'], ['fit', ...BIG, '--checkpoint', 'big.ckpt', '--resume', '--json']] },
  one('in-memory-big-workers-2', [...BIG, '--workers', '2', '--json']),
  one('in-memory-big-workers-0', [...BIG, '--workers', '0', '--json']),
  one('report', [...TREATED, '--p0', 'Vm=200,K=0.05', '--derive', 'ratio=Vm/K', '--report', 'treated.html', '--json'], { outputs: ['treated.html'] }),
  one('report-compare-text', [...TREATED, '--compare-model', 'Vm*conc/(K+conc) + b*conc', '--report', 'compare.html'], { outputs: ['compare.html'] }),
  one('backend-gpu-fallback', [...DECAY, '--p0', 'a=1,tau=1,c=0', '--backend', 'gpu', '--json'], { env: { VK_ICD_FILENAMES: '/nonexistent/icd.json' } }),
  ...nistCases(),
  // Refusals: exit 2 and one line on stderr.
  one('error-no-command', []),
  { name: 'error-unknown-command', steps: [['fist', 'exact.csv']], fast: true },
  { name: 'help', steps: [['--help']] },
  one('error-missing-file', ['nope.csv', '--model', 'a*x'], { fast: true }),
  one('error-model-no-columns', ['exact.csv', '--model', 'a*exp(-k*t)']),
  one('error-model-syntax', ['exact.csv', '--model', 'a*exp(-x/']),
  one('error-unknown-option', [...DECAY, '--pO', 'a=1']),
  one('error-non-numeric', ['bad.csv', '--model', 'a*x', '--p0', 'a=1']),
  one('error-too-few-rows', ['short.csv', '--model', 'a*x^2 + b*x + c', '--p0', 'a=1,b=1,c=1']),
  one('error-empty', ['empty.csv', '--model', 'a*x', '--p0', 'a=1']),
  one('error-directory', ['.', '--model', 'a*x', '--p0', 'a=1']),
  one('error-fscale', [...DECAY, '--p0', 'a=1,tau=1,c=0', '--f-scale', '-1']),
  one('error-p0-form', [...DECAY, '--p0', '-1']),
  one('error-seed', [...WAVE, '--seed', '1.5']),
  one('error-weights', [...TREATED, '--weights', 'inverse']),
  one('error-ci', [...TREATED, '--ci', 'jackknife']),
  one('error-ci-profile-loss', [...TREATED, '--ci', 'profile', '--loss', 'huber']),
  one('error-derive-form', [...TREATED, '--derive', 'ratio']),
  one('error-derive-unknown', [...TREATED, '--derive', 'r=Vm/Km']),
  one('error-tie-given', [...TREATED, '--p0', 'Vm=200,K=0.1', '--tie', 'K=Vm/1000']),
  one('error-tie-unknown', [...TREATED, '--tie', 'Q=Vm']),
  one('error-compare-p0-alone', [...TREATED, '--compare-p0', 'Vm=1']),
  one('error-compare-model-loss', [...TREATED, '--compare-model', 'Vm*conc', '--loss', 'huber']),
  one('error-compare-model-group', [...PURO, '--compare-model', 'Vm*conc']),
  one('error-shared-no-group', [...TREATED, '--p0', 'Vm=200,K=0.05', '--shared', 'K']),
  one('error-shared-unknown', [...PURO, '--shared', 'Km']),
  one('error-compare-no-shared', [...PURO, '--compare']),
  one('error-workers', [...PURO, '--workers', '-1']),
  one('error-memory-limit', [...BIG, '--memory-limit', '1M']),
  one('error-memory-limit-word', [...DECAY, '--p0', 'a=1,tau=1,c=0', '--memory-limit', 'lots']),
  one('error-streamed-auto-start', ['big.csv', '--model', 'a*exp(-x/tau) + c', '--sigma', 's', '--memory-limit', '16M']),
  one('error-streamed-ci-profile', [...BIG, '--memory-limit', '16M', '--ci', 'profile']),
  one('error-checkpoint-group', [...PURO, '--checkpoint', 'g.ckpt']),
  one('error-checkpoint-data-file', [...DECAY, '--p0', 'a=1,tau=1,c=0', '--checkpoint', 'exact.csv']),
  one('error-report-missing-folder', [...DECAY, '--p0', 'a=1,tau=1,c=0', '--report', 'nowhere/r.html']),
  one('error-resume-without-checkpoint', [...DECAY, '--p0', 'a=1,tau=1,c=0', '--resume']),
  one('error-varpro-mle', ['counts.csv', '--model', 'A*exp(-k*t)', '--varpro', '--mle', 'poisson']),
  one('error-group-unknown-column', ['puromycin.csv', '--model', 'Vm*conc/(K+conc)', '--y', 'rate', '--group', 'nope']),
  one('error-bounds', [...DECAY, '--bounds', 'tau=2:1']),
];
