/**
 * fitbench fit --starts 131072 scores the start candidates on worker threads (issue 11): the JSON
 * is that of the same search run in one thread (src/start's autoStart without a pool), on NIST
 * MGH17 with no start values.
 */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadNist } from '../../test/nist';
import { cliRunner, tempFiles } from '../../test/cli';
import { compileModel } from '../model/index';
import { autoStart } from '../start/multistart';

const { file } = tempFiles('fitbench-startpool');
const mgh17 = loadNist().find((p) => p.name === 'MGH17')!;
const csv = file('mgh17.csv', 'x,y\n' + Array.from(mgh17.columns.x.hi, (x, i) => `${x},${mgh17.y.hi[i]}`).join('\n') + '\n');
const run = cliRunner();

describe('fitbench fit --starts 131072', () => {
  it('scores on worker threads and reports what the search in one thread finds', async () => {
    const r = await run('fit', csv, '--model', mgh17.model, '--starts', '131072', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    const compiled = compileModel(mgh17.model, { columns: ['x', 'y'] });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const serial = await autoStart(compiled.value, { vars: [mgh17.columns.x.hi], y: mgh17.y.hi }, [], { starts: 131072 });
    expect(j.autoStart.evaluated).toBe(131072);
    if (availableParallelism() > 1) expect(j.autoStart.workers).toBe(availableParallelism());
    expect(j.autoStart.candidates).toBe(serial.candidates);
    expect(j.autoStart.refined).toBe(serial.refined);
    expect(j.autoStart.sameMinimum).toBe(serial.sameMinimum);
    expect(j.autoStart.start).toEqual(serial.start);
    for (const q of serial.fit.parameters) expect(Math.abs(j.params[q.name] - q.value) / Math.abs(q.value)).toBeLessThan(1e-12);
    // --workers 0 keeps the search in this process, with the same answer.
    const here = await run('fit', csv, '--model', mgh17.model, '--starts', '131072', '--workers', '0', '--json');
    const h = JSON.parse(here.out);
    expect(h.autoStart.workers).toBe(0);
    expect(h.autoStart.start).toEqual(serial.start);
    expect(h.params).toEqual(j.params);
  });
});
