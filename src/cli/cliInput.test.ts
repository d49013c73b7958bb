/** The command line on the bad-input cases of issue 14, item 7: each exits as documented with one clear line. */
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';

const { file } = tempFiles('fitbench-cli-input');

// y = 3·exp(−x/2) + 0.5 exactly, on 12 points.
const xs = Array.from({ length: 12 }, (_, i) => i * 0.5);
const rows = xs.map((x) => `${x},${3 * Math.exp(-x / 2) + 0.5}`);
const exactText = 'x,y\n' + rows.join('\n') + '\n';
const exact = file('exact.csv', exactText);

const run = cliRunner();

describe('sigma whose weights under- or overflow', () => {
  it('σ = 1e300 in every row exits 2 naming the column and the fix', async () => {
    const path = file('huge-sigma.csv', 'x,y,s\n' + xs.map((x) => `${x},${3 * Math.exp(-x / 2) + 0.5},1e300`).join('\n') + '\n');
    const r = await run('fit', path, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1,c=0', '--sigma', 's');
    expect(r.code).toBe(2);
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/Line 2, column "s": sigma 1e\+300 is too large: its weight 1\/σ² underflows to 0; rescale sigma and y/);
  });

  it('one σ = 1e-300 row is an error at its line (the CLI is strict)', async () => {
    const path = file('tiny-sigma.csv', 'x,y,s\n' + xs.map((x, i) => `${x},${3 * Math.exp(-x / 2) + 0.5},${i === 3 ? '1e-300' : '0.1'}`).join('\n') + '\n');
    const r = await run('fit', path, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1,c=0', '--sigma', 's');
    expect(r.code).toBe(2);
    expect(r.err).toBe(`fitbench: ${path}:5: column "s": sigma 1e-300 is too small: its weight 1/σ² overflows; rescale sigma and y; fix or remove the row, or leave it out with --exclude-rows 5.`);
  });
});

describe('over-long lines', () => {
  it('a last line over 1 MiB without a newline is reported as too long, not as a quote', async () => {
    const path = file('long-last.csv', exactText + '7,' + '1'.repeat((1 << 20) + 5));
    const r = await run('fit', path, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1,c=0');
    expect(r.code).toBe(2);
    expect(r.err).toBe(`fitbench: ${path}:14: Line 14 is longer than 1048576 characters (1 MiB), more than one row of a table holds; check that the file is a CSV, TSV or text table with one row per line`);
  });
});

describe('option values that start with "-", and repeated options', () => {
  const model = ['--model', 'a*exp(-x/tau) + c'];

  it('a value that starts with "-" is taken as the value', async () => {
    const ok = await run('fit', exact, '--model', '-a*exp(-x/tau) - c', '--p0', 'a=-1,tau=1,c=0', '--json');
    expect(ok.code).toBe(0);
    const j = JSON.parse(ok.out);
    expect(j.params.a).toBeCloseTo(-3, 9);
    expect(j.params.c).toBeCloseTo(-0.5, 9);
  });

  it('a negative number where a positive one is expected gets that one-line message', async () => {
    const r = await run('fit', exact, ...model, '--p0', 'a=1,tau=1,c=0', '--f-scale', '-1');
    expect(r.code).toBe(2);
    expect(r.err).toBe('fitbench: --f-scale must be a positive number, got "-1".');
  });

  it('--p0 -1 is one line that says what --p0 wants', async () => {
    const r = await run('fit', exact, ...model, '--p0', '-1');
    expect(r.code).toBe(2);
    expect(r.err).toBe('fitbench: --p0: expected name=value, got "-1" (e.g. --p0 a=1,b=2).');
  });

  for (const argv of [['--p0', '--json'], ['--model'], ['--frobnicate'], ['-x']]) {
    it(`${argv.join(' ')} gives one line`, async () => {
      const r = await run('fit', exact, ...(argv[0] === '--model' ? [] : model), ...argv);
      expect(r.code).toBe(2);
      expect(r.err.split('\n')).toHaveLength(1);
      expect(r.err).toMatch(argv[0] === '--p0' ? /^fitbench: --p0 needs a value/ : argv[0] === '--model' ? /^fitbench: --model needs a value/ : /^fitbench: Unknown option '-/);
    });
  }

  it('repeated --p0, --bounds and --fix are merged', async () => {
    const r = await run('fit', exact, ...model, '--p0', 'a=1', '--p0', 'tau=1', '--fix', 'c=0.5', '--bounds', 'a=0:10', '--bounds', 'tau=0:5', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.free).toEqual(['a', 'tau']);
    expect(j.params.tau).toBeCloseTo(2, 9);
    expect(j.params.a).toBeCloseTo(3, 9);
  });

  it('the same parameter in two --p0 is refused', async () => {
    const r = await run('fit', exact, ...model, '--p0', 'a=1,tau=1,c=0', '--p0', 'a=2');
    expect(r.code).toBe(2);
    expect(r.err).toBe('fitbench: --p0: "a" is given twice.');
  });

  it('an option that takes one value, given twice, is refused', async () => {
    const r = await run('fit', exact, ...model, '--p0', 'a=1,tau=1,c=0', '--loss', 'huber', '--loss', 'cauchy');
    expect(r.code).toBe(2);
    expect(r.err).toBe('fitbench: --loss is given twice ("huber", "cauchy"); give it once.');
  });
});

describe('UTF-16 files', () => {
  const utf16 = (text: string, littleEndian: boolean): Uint8Array => {
    const units = '\ufeff' + text;
    const out = new Uint8Array(units.length * 2);
    for (let i = 0; i < units.length; i++) {
      out[2 * i + (littleEndian ? 0 : 1)] = units.charCodeAt(i) & 0xff;
      out[2 * i + (littleEndian ? 1 : 0)] = units.charCodeAt(i) >> 8;
    }
    return out;
  };
  for (const le of [true, false]) {
    it(`UTF-16 ${le ? 'LE' : 'BE'} with a BOM is read as text`, async () => {
      const path = file(`utf16${le ? 'le' : 'be'}.csv`, utf16(exactText.replace(/\n/g, '\r\n'), le));
      const r = await run('fit', path, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1,c=0', '--json');
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.out).params.tau).toBeCloseTo(2, 9);
    });
  }
});

describe('--backend gpu without a GPU', () => {
  it('says so in one line and prints none of the Vulkan loader’s messages', async () => {
    const { spawnSync } = await import('node:child_process');
    const bin = new URL('../../bin/fitbench.mjs', import.meta.url).pathname;
    // No ICD (and here no libvulkan at all): Dawn's loader warnings used to reach stderr.
    const env = { ...process.env, VK_ICD_FILENAMES: '/nonexistent/icd.json', VK_LOADER_DEBUG: 'error,warn' };
    for (const json of [true, false]) {
      const args = [bin, 'fit', exact, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=1,tau=1,c=0', '--backend', 'gpu', ...(json ? ['--json'] : [])];
      const r = spawnSync(process.execPath, args, { encoding: 'utf8', env });
      expect(r.status).toBe(0);
      expect(r.stderr).toBe('');
      const lines = json ? JSON.parse(r.stdout).warnings : r.stdout.split('\n').filter((l) => l.startsWith('warning:'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/--backend gpu: No WebGPU adapter is available \(.+\)\. The fit ran on the CPU\.$/);
    }
  });
});

describe('warnings', () => {
  it('each is printed once: two discarded directions over the same parameters were two identical warnings', async () => {
    // Three identical columns: a null space of dimension 2 over a, b and c (one group, one warning).
    const r = await run('fit', exact, '--model', 'a*x + b*x + c*x', '--p0', 'a=1,b=1,c=1');
    const warnings = r.out.split('\n').filter((l) => l.startsWith('warning:'));
    expect(warnings.filter((w) => /a and b and c/.test(w))).toHaveLength(1);
    expect(new Set(warnings).size).toBe(warnings.length);
    const j = JSON.parse((await run('fit', exact, '--model', 'a*x + b*x + c*x', '--p0', 'a=1,b=1,c=1', '--json')).out.split('\n').pop() as string);
    expect(new Set(j.warnings).size).toBe(j.warnings.length);
  });
});

describe('files the command line does not read (issue 13)', () => {
  it('an .xlsx and a .parquet say to use the page or save as CSV; an .xls says how to convert it; a run counter is no default y', async () => {
    const fixtures = (f: string) => new URL(`../../fixtures/datain/${f}`, import.meta.url).pathname;
    for (const f of ['sheets.xlsx', 'id_first.parquet']) {
      const r = await run('fit', fixtures(f), '--model', 'a*exp(-t/tau)', '--p0', 'a=1,tau=1');
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/the command line reads delimited text \(CSV, TSV, blank-separated\)\. Open it in the page, which reads it, or save it as CSV\.$/);
    }
    const xls = file('old.xls', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]));
    const x = await run('fit', xls, '--model', 'a*x');
    expect(x.code).toBe(2);
    expect(x.err).toMatch(/old binary Excel file \(\.xls\)/);
    // y is chosen as the page chooses it: signal, not the trailing run counter
    const counter = file('run-last.csv', 'time,signal,run\n' + xs.map((t, i) => `${t},${3 * Math.exp(-t / 2) + 0.5},${i + 1}`).join('\n') + '\n');
    const j = await run('fit', counter, '--model', 'a*exp(-time/tau) + c', '--p0', 'a=3,tau=2,c=0.5');
    expect(j.code).toBe(0);
    expect(j.out).toContain('y = signal');
  });
});
