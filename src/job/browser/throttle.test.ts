import { describe, expect, it } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  it('sends at most one value per interval, the latest on flush', () => {
    let t = 0;
    const sent: number[] = [];
    const th = throttle<number>((v) => sent.push(v), 100, () => t);
    th.push(1); // t=0: sent
    t = 30;
    th.push(2);
    t = 60;
    th.push(3);
    expect(sent).toEqual([1]);
    t = 120;
    th.push(4); // interval passed: sent, pending dropped
    expect(sent).toEqual([1, 4]);
    t = 150;
    th.push(5);
    th.flush();
    th.flush();
    expect(sent).toEqual([1, 4, 5]);
  });
});
