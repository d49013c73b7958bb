/**
 * The built-in model library: a catalogue of ModelDefinitions (expression in x, display formula,
 * description, category, data-driven guess), looked up by id for links and sessions.
 */
import { doseResponse4PL, hill, michaelisMenten } from './models/doseResponse';
import { doubleExponentialDecay } from './models/doubleExponential';
import { exponentialDecay, exponentialGrowth, exponentialLinear, saturatingExponential } from './models/exponential';
import { gompertz, weibull } from './models/growthCurves';
import { linear } from './models/linear';
import { dampedSine, sine } from './models/oscillations';
import { twoGaussiansLinear, twoLorentziansLinear } from './models/peakSums';
import { gaussian, gaussianLinear, lorentzian, pseudoVoigt } from './models/peaks';
import { arrhenius, powerLaw } from './models/physics';
import { MAX_POLYNOMIAL_DEGREE, polynomial } from './models/polynomial';
import { boltzmann, errorFunctionStep, logisticCurve } from './models/sigmoids';
import type { ModelDefinition } from './types';

export type { GuessedParameter, ModelCategory, ModelDefinition } from './types';
export { polynomial, MIN_POLYNOMIAL_DEGREE, MAX_POLYNOMIAL_DEGREE } from './models/polynomial';
export { GAS_CONSTANT } from './models/physics';
export { onEstimatorError } from './define';

/** Degrees offered in the catalogue (a straight line is `linear`). */
const CATALOGUE_DEGREES = Array.from({ length: MAX_POLYNOMIAL_DEGREE - 1 }, (_, i) => i + 2);

/** Every library model, grouped by category in display order. */
export const MODEL_LIBRARY: readonly ModelDefinition[] = Object.freeze([
  linear,
  ...CATALOGUE_DEGREES.map(polynomial),
  errorFunctionStep,
  exponentialDecay,
  doubleExponentialDecay,
  exponentialLinear,
  saturatingExponential,
  exponentialGrowth,
  logisticCurve,
  boltzmann,
  gompertz,
  weibull,
  gaussian,
  lorentzian,
  pseudoVoigt,
  gaussianLinear,
  twoGaussiansLinear,
  twoLorentziansLinear,
  doseResponse4PL,
  hill,
  michaelisMenten,
  sine,
  dampedSine,
  powerLaw,
  arrhenius,
]);

const byId = new Map<string, ModelDefinition>(MODEL_LIBRARY.map((m) => [m.id, m]));

/** The library model with this id (including `poly1`), or undefined. */
export function findModel(id: string): ModelDefinition | undefined {
  const found = byId.get(id);
  if (found) return found;
  const degree = /^poly([1-9])$/.exec(id);
  return degree && Number(degree[1]) <= MAX_POLYNOMIAL_DEGREE ? polynomial(Number(degree[1])) : undefined;
}
