import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce';

function manualFrames() {
  const queue: (() => void)[] = [];
  return {
    schedule: (run: () => void) => queue.push(run),
    tick: () => queue.splice(0).forEach((run) => run()),
    pending: () => queue.length,
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('coalesce', () => {
  it('runs the latest request, one at a time, never building a backlog', async () => {
    const frames = manualFrames();
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const c = coalesce<number>((v) => {
      started.push(v);
      return new Promise<void>((resolve) => finish.push(resolve));
    }, frames.schedule);
    for (let i = 1; i <= 50; i++) c.request(i); // a fast drag
    expect(frames.pending()).toBe(1);
    frames.tick();
    expect(started).toEqual([50]);
    for (let i = 51; i <= 80; i++) c.request(i); // more moves while the worker is busy
    frames.tick();
    expect(started).toEqual([50]);
    finish[0]();
    await settle();
    frames.tick();
    expect(started).toEqual([50, 80]);
    finish[1]();
    await settle();
    frames.tick();
    expect(started).toEqual([50, 80]);
    expect(c.busy).toBe(false);
  });

  it('clear drops the waiting request', async () => {
    const frames = manualFrames();
    const started: number[] = [];
    const c = coalesce<number>(async (v) => void started.push(v), frames.schedule);
    c.request(1);
    c.clear();
    frames.tick();
    expect(started).toEqual([]);
  });
});
