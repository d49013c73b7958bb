/**
 * The notice about an interrupted fit (issue 12) in the page's words: what was interrupted, and,
 * when the saved state belongs to another fit than the one on the page, what differs (the CLI says
 * the same in its flags' words: src/cli/checkpoint.ts).
 */
import type { CheckpointFacts } from '../worker/api';
import type { SubjectDifference } from '../store/checkpointSubject';

/** The page's names of the solver options a checkpoint compares (FitOptions' keys). */
const OPTION_NAMES: Readonly<Record<string, string>> = {
  loss: 'loss',
  fScale: 'f scale',
  ftol: 'ftol',
  xtol: 'xtol',
  gtol: 'gtol',
  xScale: 'x scale',
  method: 'method',
  absoluteSigma: 'absolute σ',
  weights: 'weights',
  confidenceLevel: 'confidence level',
  varpro: 'VarPro is on (a VarPro fit is not saved as it runs)',
  objective: 'the objective is the Poisson likelihood (only least-squares fits are saved as they run)',
};

const list = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

/** Why the saved fit cannot continue on the page as it is now. */
export function differenceWords(d: SubjectDifference, pageModel: string): string {
  switch (d.part) {
    case 'model':
      return `it was saved for the model "${d.saved}", and the page now has "${pageModel}"`;
    case 'data':
      return `its data differ (${d.savedRows.toLocaleString('en-US')} rows then, ${d.rows.toLocaleString('en-US')} now, or other values)`;
    case 'parameters':
      return `the fixed values or bounds of ${list(d.names)} differ from the parameter table`;
    case 'options':
      return `the solver options differ (${d.keys.map((k) => OPTION_NAMES[k] ?? k).join('; ')})`;
  }
}

/** "A fit of <model> on <file> was interrupted at iteration N (cost …)". */
export function interruptedWords(facts: CheckpointFacts, fileName: string): string {
  const cost = facts.cost === null ? '' : ` (cost ${facts.cost.toPrecision(6)})`;
  return `A fit of ${facts.model} on ${fileName} was interrupted at iteration ${facts.iteration}${cost}.`;
}
