/**
 * Reads `settings` of a link. Ranges: tolerances in (0, 1] (0 would disable a test; scipy refuses
 * all three below machine epsilon, and Fitbench's default is 1e-15), f_scale > 0, max_nfev a
 * positive whole number or null (the default budget), x_scale 'jac' or a number > 0; `varpro`
 * true or false, and optional (links made before it lack it); `weights` one of src/fit/weights.ts's
 * names, and `objective` 'least-squares' or 'poisson', optional too.
 */
import { WEIGHTINGS } from '../fit/weights';
import { LOSS_NAMES } from '../solver/loss';
import { MAX_NFEV_LIMIT } from './limits';
import { boolean, integer, nullable, object, oneOf, positive } from './schema';
import type { SolverSettings } from './types';

const KEYS = ['loss', 'fScale', 'ftol', 'xtol', 'gtol', 'maxNfev', 'xScale', 'method', 'backend', 'absoluteSigma'] as const;

export function readSettings(v: unknown, path: string): SolverSettings {
  const has = (key: string) => typeof v === 'object' && v !== null && Object.prototype.hasOwnProperty.call(v, key);
  const hasVarpro = has('varpro');
  const hasWeights = has('weights');
  const hasObjective = has('objective');
  const o = object(v, path, [...KEYS, ...(hasVarpro ? ['varpro' as const] : []), ...(hasWeights ? ['weights' as const] : []), ...(hasObjective ? ['objective' as const] : [])]);
  return {
    loss: oneOf(o.loss, `${path}.loss`, LOSS_NAMES),
    fScale: positive(o.fScale, `${path}.fScale`),
    ftol: positive(o.ftol, `${path}.ftol`, 1),
    xtol: positive(o.xtol, `${path}.xtol`, 1),
    gtol: positive(o.gtol, `${path}.gtol`, 1),
    maxNfev: nullable(o.maxNfev, (n) => integer(n, `${path}.maxNfev`, 1, MAX_NFEV_LIMIT)),
    xScale: o.xScale === 'jac' ? 'jac' : positive(o.xScale, `${path}.xScale`),
    method: oneOf(o.method, `${path}.method`, ['auto', 'dense', 'normal'] as const),
    backend: oneOf(o.backend, `${path}.backend`, ['auto', 'cpu', 'gpu'] as const),
    absoluteSigma: boolean(o.absoluteSigma, `${path}.absoluteSigma`),
    ...(hasVarpro ? { varpro: boolean(o.varpro, `${path}.varpro`) } : {}),
    ...(hasWeights ? { weights: oneOf(o.weights, `${path}.weights`, WEIGHTINGS) } : {}),
    ...(hasObjective ? { objective: oneOf(o.objective, `${path}.objective`, ['least-squares', 'poisson'] as const) } : {}),
  };
}
