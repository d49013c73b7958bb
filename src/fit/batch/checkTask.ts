/**
 * A run of the GPU batch's float64 check as a worker-pool task (src/parallel): the model's text
 * and the parameter table in, the verdicts out (checkAnswers.ts). The model is recompiled here
 * from the validated syntax tree, once per task.
 */
import { compileModel } from '../../model/index';
import type { TaskHandler } from '../../parallel/types';
import type { ParameterSpec } from '../parameters';
import { checkAnswers, type Answer, type CheckSettings, type Verdict } from './checkAnswers';
import { tableFor } from './startValues';

export interface CheckRunInput {
  readonly source: string;
  /** The model's variables, in the order of each answer's data.vars. */
  readonly columns: readonly string[];
  readonly parameters: readonly ParameterSpec[];
  /** Whether the batch guessed starts (the table's placeholders: startValues.ts tableFor). */
  readonly guessing: boolean;
  readonly answers: readonly Answer[];
  readonly settings: CheckSettings;
}

export const task: TaskHandler<CheckRunInput, Verdict[]> = (input) => {
  const compiled = compileModel(input.source, { columns: input.columns });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const params = tableFor(compiled.value.params, input.parameters, input.guessing);
  return checkAnswers(compiled.value, params, input.answers, input.settings);
};
