/**
 * The CLI golden comparison (issue 22): runs every case of cases.ts through bin/fitbench.mjs in a
 * folder of inputs.ts's files and compares stdout, stderr, the exit code and the files a case
 * writes with test/golden/expected/NAME.json, timings masked (mask.ts). Recorded at 0d68fbe, before
 * the fit job; the refactor keeps them identical.
 *
 *   node --import tsx test/golden/golden.ts            compare every case (exit 1 on a difference)
 *   node --import tsx test/golden/golden.ts --fast     the fast subset (golden.test.ts runs it too)
 *   node --import tsx test/golden/golden.ts --only X,Y the cases whose name contains X or Y
 *   node --import tsx test/golden/golden.ts --record   write the expected files (twice, checking that
 *                                                      the two runs agree)
 *   … --bin DIR/bin/fitbench.mjs                       run another checkout's CLI (the expected files
 *                                                      were recorded with a `git archive 0d68fbe` copy)
 * A difference writes the actual record to test/golden/actual/NAME.json (ignored by git) for a diff.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASES, type GoldenCase } from './cases';
import { writeInputs } from './inputs';
import { maskJsonText, maskStderr, maskText } from './mask';

const HERE = fileURLToPath(new URL('.', import.meta.url));
let BIN = fileURLToPath(new URL('../../bin/fitbench.mjs', import.meta.url));
const EXPECTED = join(HERE, 'expected');
const ACTUAL = join(HERE, 'actual');

export interface StepRecord {
  readonly argv: readonly string[];
  readonly code: number | null;
  readonly stdout: unknown;
  readonly stderr: string;
}
export interface CaseRecord {
  readonly name: string;
  readonly steps: readonly StepRecord[];
  readonly outputs: Readonly<Record<string, string>>;
}

function runStep(dir: string, argv: readonly string[], env: Readonly<Record<string, string>>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], { cwd: dir, env: { ...process.env, TMPDIR: join(dir, '.tmp'), ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs one case in its own copy-free folder view: the inputs folder, with the case's outputs removed first. */
export async function runCase(dir: string, c: GoldenCase): Promise<CaseRecord> {
  const steps: StepRecord[] = [];
  for (const argv of c.steps) {
    const r = await runStep(dir, argv, c.env ?? {});
    steps.push({ argv, code: r.code, stdout: maskJsonText(r.stdout, dir), stderr: maskStderr(r.stderr, dir) });
  }
  const outputs: Record<string, string> = {};
  for (const f of c.outputs ?? []) {
    const path = join(dir, f);
    outputs[f] = existsSync(path) ? maskText(readFileSync(path, 'utf8'), dir) : '<missing>';
  }
  return { name: c.name, steps, outputs };
}

/** A folder with the inputs written, one per run (cases write their checkpoints and reports into it). */
export function inputsFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fitbench-golden-'));
  mkdirSync(join(dir, '.tmp'));
  writeInputs(dir);
  return dir;
}

/** Runs `cases` two at a time (the steps of one case in order). */
export async function runCases(dir: string, cases: readonly GoldenCase[], concurrency = 2): Promise<CaseRecord[]> {
  const out: CaseRecord[] = new Array(cases.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < cases.length; i = next++) out[i] = await runCase(dir, cases[i]);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return out;
}

export const expectedPath = (name: string) => join(EXPECTED, `${name}.json`);
export const readExpected = (name: string): CaseRecord | null => (existsSync(expectedPath(name)) ? (JSON.parse(readFileSync(expectedPath(name), 'utf8')) as CaseRecord) : null);
export const serialize = (r: CaseRecord) => JSON.stringify(r, null, 1) + '\n';

async function cli(args: string[]): Promise<number> {
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
  const record = args.includes('--record');
  if (args.includes('--bin')) BIN = args[args.indexOf('--bin') + 1];
  const cases = CASES.filter((c) => (!args.includes('--fast') || c.fast) && (only === null || only.split(',').some((o) => c.name.includes(o))));
  const dir = inputsFolder();
  const t0 = Date.now();
  try {
    const first = await runCases(dir, cases);
    if (record) {
      // Fresh outputs for the second run: a checkpoint left by the first would be resumed.
      const again = await runCases(inputsFolder(), cases);
      mkdirSync(EXPECTED, { recursive: true });
      let unstable = 0;
      first.forEach((r, i) => {
        if (serialize(r) !== serialize(again[i])) {
          unstable++;
          console.error(`unstable: ${r.name} differs between two runs; not recorded`);
          mkdirSync(ACTUAL, { recursive: true });
          writeFileSync(join(ACTUAL, `${r.name}.a.json`), serialize(r));
          writeFileSync(join(ACTUAL, `${r.name}.b.json`), serialize(again[i]));
          return;
        }
        writeFileSync(expectedPath(r.name), serialize(r));
      });
      console.log(`recorded ${first.length - unstable} of ${first.length} cases in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      return unstable ? 1 : 0;
    }
    let differ = 0;
    for (const r of first) {
      const expected = readExpected(r.name);
      if (expected && serialize(expected) === serialize(r)) continue;
      differ++;
      mkdirSync(ACTUAL, { recursive: true });
      writeFileSync(join(ACTUAL, `${r.name}.json`), serialize(r));
      console.error(`${expected ? 'differs' : 'no expected file'}: ${r.name} (diff ${expectedPath(r.name)} ${join(ACTUAL, `${r.name}.json`)})`);
    }
    console.log(`${first.length - differ} of ${first.length} cases identical in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    return differ ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await cli(process.argv.slice(2));
