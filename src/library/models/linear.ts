/** The straight line, guessed by its own least-squares solution (the guess is the answer). */
import { defineModel } from '../define';
import { lineFit } from '../guess/lineFit';

export const linear = defineModel({
  id: 'linear',
  name: 'Linear',
  category: 'basic',
  expression: 'a*x + b',
  formula: 'y = a·x + b',
  description: 'Straight line with slope a and intercept b.',
  parameters: [{ name: 'a' }, { name: 'b', fallback: 'yMid' }],
  estimate(s) {
    const { slope, intercept } = lineFit(s.x, s.y);
    return { a: slope, b: intercept };
  },
});
