/**
 * The layout written to image files: the options applied over the screen's layout without
 * changing it; the column names stay where no label is given; fonts follow the chosen size.
 */
import { describe, expect, it } from 'vitest';
import type { Curve } from '../../worker/api';
import { mainFigure } from '../plot/mainFigure';
import { clampFigureNumber, initialFigure } from '../../state/slices/figure';
import { figureLayout } from './figureLayout';

// A model curve, so the screen layout has its residual panel (yaxis2) as a fitted figure does.
const grid = Float64Array.of(1, 2, 3);
const residuals = { x: grid, y: Float64Array.of(0.1, -0.2, 0.1), sigma: null, lines: Int32Array.of(2, 3, 4), decimated: false, viewAll: false, total: 3 };
const curve: Curve = { kind: 'grid', x: grid, y: Float64Array.of(3, 2, 1), residuals, chi2: 0.06, nonFinite: 0, confidence: null, prediction: null };
const screen = mainFigure({ data: null, excluded: null, curve, confidence: null, prediction: null, xLabel: 'time', yLabel: 'counts', logX: false, logY: false, revision: 'r', fitted: false }).layout;

describe('figure layout', () => {
  it('sets title, labels with units and fonts, and leaves the screen layout alone', () => {
    const before = JSON.stringify(screen);
    const out = figureLayout(screen, { ...initialFigure.figure, title: 'Decay of sample 3', xLabel: 'Time (s)', fontSize: 18 }) as Record<string, any>;
    expect(JSON.stringify(screen)).toBe(before);
    expect(out.title.text).toBe('Decay of sample 3');
    expect(out.xaxis.title.text).toBe('Time (s)');
    expect(out.yaxis.title.text).toBe('counts');
    expect(out.yaxis2.title.text).toBe('residual');
    expect(out.xaxis.title.font.size).toBe(18);
    expect(out.xaxis.tickfont.size).toBe(15);
    expect(out.font.size).toBe(18);
    expect(out.margin.t).toBeGreaterThanOrEqual(54);
    const plain = figureLayout(screen, initialFigure.figure) as Record<string, any>;
    expect(plain.title).toBeUndefined();
    expect(plain.xaxis.title.text).toBe('time');
  });

  it('clamps sizes into their limits and refuses what is not a number', () => {
    expect(clampFigureNumber('width', 10000)).toBe(4000);
    expect(clampFigureNumber('fontSize', 2)).toBe(6);
    expect(clampFigureNumber('height', 480.4)).toBe(480);
    expect(clampFigureNumber('width', NaN)).toBeNull();
  });
});
