/**
 * The clash rules of a fit's settings before there is a job (validate.ts settingClash, streamClash):
 * which setting each of VarPro, the Poisson likelihood and a model comparison refuses first, and
 * what a streamed source refuses first. The CLI words them (cli/settingClash.test.ts checks its
 * messages word for word), the page its own way (worker/streamedFit.ts).
 */
import { describe, expect, it } from 'vitest';
import { settingClash, streamClash, type FitSettings } from './validate';

const none: FitSettings = { grouped: false, loss: 'linear', starts: false, poisson: false, checkpoint: false, weights: false, profile: false };

describe('settingClash', () => {
  it('finds nothing in a plain least-squares fit', () => {
    for (const fit of ['varpro', 'poisson', 'compare-model'] as const) expect(settingClash(fit, none)).toBeNull();
  });

  it('reports groups first, then each fit its own order', () => {
    const all: FitSettings = { grouped: true, loss: 'huber', starts: true, poisson: true, checkpoint: true, weights: true, profile: true };
    expect(settingClash('varpro', all)).toBe('groups');
    expect(settingClash('varpro', { ...all, grouped: false })).toBe('loss');
    expect(settingClash('varpro', { ...none, starts: true, poisson: true })).toBe('starts');
    expect(settingClash('varpro', { ...none, poisson: true, checkpoint: true })).toBe('poisson');
    expect(settingClash('poisson', { ...all, grouped: false })).toBe('checkpoint');
    expect(settingClash('poisson', { ...none, weights: true, loss: 'cauchy' })).toBe('weights');
    expect(settingClash('poisson', { ...none, profile: true })).toBe('profile');
    expect(settingClash('compare-model', { ...none, poisson: true, loss: 'soft_l1' })).toBe('poisson');
    expect(settingClash('compare-model', { ...none, checkpoint: true })).toBe('checkpoint');
    // What one fit refuses another takes: a comparison has its own start search, Poisson its own starts.
    expect(settingClash('compare-model', { ...none, starts: true, weights: true, profile: true })).toBeNull();
  });
});

describe('streamClash', () => {
  it('refuses in one order for the CLI and the page', () => {
    expect(streamClash({})).toBeNull();
    expect(streamClash({ weights: true, gpu: true, filters: true })).toBe('filters');
    expect(streamClash({ groups: true, filters: true })).toBe('groups');
    expect(streamClash({ 'start-search': true, varpro: true })).toBe('start-search');
    expect(streamClash({ report: true, gpu: true, weights: true })).toBe('report');
    expect(streamClash({ weights: true })).toBe('weights');
    expect(streamClash({ varpro: false, poisson: false })).toBeNull();
  });
});
