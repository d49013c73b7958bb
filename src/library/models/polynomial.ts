/**
 * Polynomials of a chosen degree, y = a₀ + a₁x + … + a_d·xᵈ. The model is linear in its
 * coefficients, so the guess is the least-squares solution itself (polynomialFit.ts) and the fit
 * only confirms it and adds the uncertainties.
 */
import { defineModel } from '../define';
import { polynomialLeastSquares } from '../guess/polynomialFit';
import type { ModelDefinition } from '../types';

export const MIN_POLYNOMIAL_DEGREE = 1;
export const MAX_POLYNOMIAL_DEGREE = 6;

const SUB = '₀₁₂₃₄₅₆₇₈₉';
const SUP = '⁰¹²³⁴⁵⁶⁷⁸⁹';

function term(k: number): { expression: string; formula: string } {
  const a = `a${k}`;
  if (k === 0) return { expression: a, formula: `a${SUB[0]}` };
  if (k === 1) return { expression: `${a}*x`, formula: `a${SUB[1]}·x` };
  return { expression: `${a}*x^${k}`, formula: `a${SUB[k]}·x${SUP[k]}` };
}

const NAMES = ['', 'Linear', 'Quadratic', 'Cubic', 'Quartic', 'Quintic', 'Sextic'];

function define(degree: number): ModelDefinition {
  const terms = Array.from({ length: degree + 1 }, (_, k) => term(k));
  const names = terms.map((_, k) => `a${k}`);
  return defineModel({
    id: `poly${degree}`,
    name: `Polynomial, degree ${degree}${NAMES[degree] ? ` (${NAMES[degree].toLowerCase()})` : ''}`,
    category: 'basic',
    expression: terms.map((t) => t.expression).join(' + '),
    formula: `y = ${terms.map((t) => t.formula).join(' + ')}`,
    description: `Polynomial of degree ${degree}; linear in its coefficients, so the guess is already the least-squares fit.`,
    parameters: names.map((name) => ({ name })),
    estimate(s) {
      const a = polynomialLeastSquares(s.x, s.y, degree);
      return Object.fromEntries(names.map((name, k) => [name, a[k]]));
    },
  });
}

const cache = new Map<number, ModelDefinition>();

/** The polynomial model of degree 1–6 (id `poly<degree>`); throws RangeError for other degrees. */
export function polynomial(degree: number): ModelDefinition {
  if (!Number.isInteger(degree) || degree < MIN_POLYNOMIAL_DEGREE || degree > MAX_POLYNOMIAL_DEGREE) {
    throw new RangeError(`polynomial degree must be an integer from ${MIN_POLYNOMIAL_DEGREE} to ${MAX_POLYNOMIAL_DEGREE}, got ${degree}`);
  }
  let model = cache.get(degree);
  if (!model) {
    model = define(degree);
    cache.set(degree, model);
  }
  return model;
}
