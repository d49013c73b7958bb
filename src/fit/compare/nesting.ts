/**
 * Whether one model is nested in another, established on the syntax (never assumed): the simpler
 * model must be the fuller one with some of its free parameters replaced by constants. The
 * extra-sum-of-squares F test is only valid for such pairs (Bates & Watts 1988, §3.10); for any
 * other pair the comparison falls back to AICc.
 *
 * Each model is its tree and its fixed parameters (a fixed parameter is a constant too, so "the
 * same model with K fixed" is nested like "the model written with 0.05 for K"). The constants the
 * fuller model's extra parameters take are searched among 0, 1, −1, the literals of the simpler
 * model and its fixed values; the pair is nested when, for one such assignment, both trees lower to
 * the same node of one simplified DAG (src/model/sameFunction.ts). A pair outside that search is
 * reported as not established, and the user may assert nesting instead (`--nested`).
 */
import { functionComparer, literalsOf, namesOf, substituteParams, type Expr } from '../../model/index';

export interface ModelForm {
  readonly ast: Expr;
  /** The fixed parameters and their values (the others are fitted). */
  readonly fixed: ReadonlyMap<string, number>;
}

export interface Nesting {
  /** Which of the two models (0: the first, 1: the second) is the simpler one. */
  readonly simpler: 0 | 1;
  /** The fuller model's parameters that the simpler one replaces, with their constants. */
  readonly constants: ReadonlyMap<string, number>;
}

/** Beyond this many assignments the search stops (and nesting is not established). */
const MAX_ASSIGNMENTS = 4096;

const freeParams = (m: ModelForm): string[] => namesOf(m.ast, 'param').filter((p) => !m.fixed.has(p));

/** The constants that make `full` into `simple`, or null when none in the search does. */
export function nestedIn(simple: ModelForm, full: ModelForm): Map<string, number> | null {
  const simpleFree = freeParams(simple);
  const fullFree = freeParams(full);
  if (!simpleFree.every((p) => fullFree.includes(p))) return null;
  const extra = fullFree.filter((p) => !simpleFree.includes(p));
  const simpleAst = substituteParams(simple.ast, simple.fixed);
  const fullAst = substituteParams(full.ast, full.fixed);
  const candidates = [0, 1, -1, ...literalsOf(simpleAst), ...simple.fixed.values()].filter((v, i, all) => all.findIndex((w) => Object.is(v, w)) === i);
  if (candidates.length ** extra.length > MAX_ASSIGNMENTS) return null;
  const same = functionComparer();
  // Odometer over the assignments extra[j] = candidates[digit[j]].
  const digit = new Array<number>(extra.length).fill(0);
  for (;;) {
    const constants = new Map(extra.map((p, j) => [p, candidates[digit[j]]]));
    if (same(substituteParams(fullAst, constants), simpleAst)) return constants;
    let j = 0;
    while (j < extra.length && ++digit[j] === candidates.length) digit[j++] = 0;
    if (j === extra.length) return null;
  }
}

/** The nesting of two models either way round; null when neither is established. */
export function findNesting(first: ModelForm, second: ModelForm): Nesting | null {
  const secondInFirst = nestedIn(second, first);
  if (secondInFirst && secondInFirst.size > 0) return { simpler: 1, constants: secondInFirst };
  const firstInSecond = nestedIn(first, second);
  if (firstInSecond && firstInSecond.size > 0) return { simpler: 0, constants: firstInSecond };
  return null;
}
