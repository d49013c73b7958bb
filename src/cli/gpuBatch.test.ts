/**
 * `fitbench fit --group COL --backend gpu` through the bin, in a child process (Dawn needs the
 * Vulkan loader's environment before it starts): on SwiftShader's Vulkan ICD where Chromium ships
 * it (skipped, saying so, where it does not), and with no adapter (the CPU fallback and its note).
 * The reference is the same batch on the CPU, in this process.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';
import { plate4pl } from '../../test/batchGroups';

const { file } = tempFiles('fitbench-gpubatch');
const plate = plate4pl(60, 17);
const lines = ['well,dose,signal'];
for (const g of plate.groups) g.data.y.forEach((y, i) => lines.push(`${g.key},${g.data.vars[0][i]},${y}`));
lines.push('one row,1,1.5');
const csv = file('plate.csv', lines.join('\n') + '\n');
const args = ['fit', csv, '--model', 'bottom + (top - bottom)*dose^hill/(EC50^hill + dose^hill)', '--y', 'signal', '--group', 'well', '--p0', 'bottom=0.2,top=2.5,hill=1,EC50=1', '--json'];

const run = cliRunner();
const bin = new URL('../../bin/fitbench.mjs', import.meta.url).pathname;
const spawn = (env: NodeJS.ProcessEnv) => spawnSync(process.execPath, [bin, ...args, '--backend', 'gpu'], { encoding: 'utf8', env: { ...process.env, ...env } });

interface Group {
  group: string;
  success: boolean;
  code: string | null;
  params: Record<string, number | null>;
  stderr: Record<string, number | null>;
}

describe('fitbench fit --group --backend gpu', () => {
  it('falls back to the CPU batch with a note where no adapter is found', async () => {
    const cpu = JSON.parse((await run(...args)).out);
    const r = spawn({ VK_ICD_FILENAMES: '/nonexistent/icd.json' });
    expect(r.status).toBe(1); // the one-row group is not fitted
    const j = JSON.parse(r.stdout);
    expect(j.backend).toBe('cpu');
    expect(j.gpuBatch).toBeNull();
    expect(j.warnings.join(' ')).toMatch(/--backend gpu: .*The batch ran on the CPU/);
    expect(j.groups).toEqual(cpu.groups);
  });

  const icd = '/usr/lib/chromium/vk_swiftshader_icd.json';
  it('fits on a WebGPU adapter through Dawn (SwiftShader here) to the CPU batch within 1e-3 standard errors', async (ctx) => {
    if (!existsSync(icd)) ctx.skip();
    const cpu = JSON.parse((await run(...args)).out);
    const r = spawn({ VK_ICD_FILENAMES: icd, LD_LIBRARY_PATH: '/usr/lib/chromium' });
    const j = JSON.parse(r.stdout);
    expect(j.backend).toBe('gpu+cpu');
    expect(j.gpuBatch.deviceFits).toBe(60);
    expect(j.gpuBatch.agreed + j.gpuBatch.polished + j.gpuBatch.cpuFits).toBe(61);
    expect(j.mode).toBe('per-group');
    (j.groups as Group[]).forEach((g, i) => {
      const ref = cpu.groups[i] as Group;
      expect([g.group, g.success, g.code]).toEqual([ref.group, ref.success, ref.code]);
      if (!ref.success) return;
      for (const name of Object.keys(ref.params)) {
        const se = ref.stderr[name] as number;
        expect(Math.abs((g.params[name] as number) - (ref.params[name] as number)) / se).toBeLessThan(1e-3);
        expect(Math.abs((g.stderr[name] as number) - se) / se).toBeLessThan(1e-3);
      }
    });
    expect(j.groups.find((g: Group) => g.group === 'one row')).toMatchObject({ success: false, code: 'too-few-rows' });
  });
});
