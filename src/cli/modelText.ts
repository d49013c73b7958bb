/**
 * The model's text: --model EXPR, or --model-file PATH read here (for both kinds of model), and
 * which kind it is. A closed-form model is one expression, in which "=" and "~" are refused
 * (lexer.ts); a text with statements (`dX/dt = …`, `X(t0) = …`, `COL ~ …`, separated by newlines
 * or ";") is an ODE model (issue 23).
 */
import { readFileSync, statSync } from 'node:fs';
import type { FitCommand } from './args';
import { CliError } from './errors';

/** The command with --model-file's text as its model (unchanged without --model-file). */
export function withModelFile(command: FitCommand): FitCommand {
  const path = command.modelFile;
  if (path === null) return command;
  let text: string;
  try {
    if (statSync(path).isDirectory()) throw new CliError(`--model-file ${path}: is a directory; give the file that holds the model's text.`);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`--model-file ${path}: no such file; check the path.`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw new CliError(`--model-file ${path}: the file is empty; write the model in it (e.g. dA/dt = -k*A; A(0) = A0).`);
  // One expression on one line reads as it was typed; the statements keep their lines (errors say file:line:column).
  return { ...command, model: text.replace(/\r\n?/g, '\n').replace(/\n+$/, '') };
}

export { isOdeModel } from '../model/modelKind';

/** Where a model's error is: "--model" and its "at line:column", or "PATH:line:column" for --model-file. */
export function modelPlace(command: Pick<FitCommand, 'modelFile'>, error: { readonly message: string; readonly line: number; readonly column: number; readonly hint?: string }): string {
  const hint = error.hint ? `; ${error.hint}` : '';
  if (command.modelFile === null) return `--model: ${error.message}${hint}`;
  return `${command.modelFile}:${error.line}:${error.column}: ${error.message}${hint}`;
}

/** The statements on one line, joined as the model text allows (the reports' model line). */
export const oneLineModel = (text: string): string => text.split('\n').map((s) => s.trim()).filter((s) => s !== '' && !s.startsWith('#')).join('; ');
