/**
 * One row of a fit's parameter table (ParameterResult): the value and its standard error, the
 * interval value ± t·se, value/se with its two-sided p value under Student's t on `dof` degrees
 * of freedom (R's summary.nls) and the percent error (Prism's); NaN where se is not finite or the
 * parameter is fixed. Shared by every fit that reports a table (summarize.ts, fit/odr).
 */
import { studentTTwoSided } from '../stats/studentT';
import type { ParameterSpec } from './parameters';
import type { ParameterResult } from './types';

export interface ParameterRowInput {
  readonly name: string;
  readonly value: number;
  /** Standard error (NaN for a fixed parameter). */
  readonly stderr: number;
  readonly free: boolean;
  readonly start: number;
  readonly spec: ParameterSpec | undefined;
  /** −1 at the lower bound, 1 at the upper, 0 inside. */
  readonly atBound: number;
  readonly tValue: number;
  readonly dof: number;
}

export function parameterRow(r: ParameterRowInput): ParameterResult {
  const { value, stderr: se, free, tValue } = r;
  const tStat = Number.isFinite(se) && se > 0 ? value / se : NaN;
  return {
    name: r.name,
    value,
    stderr: se,
    ciLower: free ? value - tValue * se : value,
    ciUpper: free ? value + tValue * se : value,
    fixed: !free,
    start: r.start,
    min: r.spec?.min ?? -Infinity,
    max: r.spec?.max ?? Infinity,
    atBound: free ? r.atBound : 0,
    tStat,
    pValue: r.dof > 0 ? studentTTwoSided(tStat, r.dof) : NaN,
    percentError: Number.isFinite(se) && value !== 0 ? (100 * se) / Math.abs(value) : NaN,
  };
}
