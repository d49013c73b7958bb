/**
 * The names generated code may contain beyond fixed template text, slot names and numeric
 * literals, each checked where the code is generated (issue 14: a saved session's loss name was
 * spliced into `normal_${loss}` and ran its own code in the worker). A caller cannot splice text
 * into a kernel through any of them, whichever path the value came by:
 * - loss names: one of LOSS_NAMES (solver/loss.ts lossName), else UnknownLossError (code `loss`);
 * - identifiers (kernel and argument names, WGSL constants and registers): ASCII letters, digits
 *   and `_`, not starting with a digit;
 * - function names: looked up as own properties of the emitter's fixed table, so neither an
 *   unknown name nor an Object.prototype member (`constructor`, `__proto__`) yields text.
 */
import { lossName } from '../solver/loss';

export { lossName };

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A table entry: an identifier or a dotted path of them (`Math.exp`). */
const QUALIFIED = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** `name` when it is an identifier; an internal error (a bug, never user input) otherwise. */
export function codeIdentifier(name: string): string {
  if (typeof name !== 'string' || !IDENTIFIER.test(name)) throw new Error(`internal: ${JSON.stringify(name)} is not an identifier for generated code`);
  return name;
}

/** A comma-separated list of identifiers (a parameter list). */
export function codeIdentifiers(list: string): string {
  return list.split(',').map((n) => codeIdentifier(n.trim())).join(', ');
}

/** The entry of a fixed function table for `fn`, which must be an own key of it. */
export function tableName(table: Readonly<Record<string, string>>, fn: unknown): string {
  if (typeof fn !== 'string' || !Object.prototype.hasOwnProperty.call(table, fn)) {
    throw new Error(`internal: ${JSON.stringify(fn)} is not a function of the generated code`);
  }
  const name = table[fn] as string;
  if (!QUALIFIED.test(name)) throw new Error(`internal: ${JSON.stringify(name)} is not a function name`);
  return name;
}

/** Checks that a call instruction has its function's number of arguments. */
export function checkArity(fn: string, args: readonly unknown[], arity: Readonly<Record<string, number>>): void {
  const want = Object.prototype.hasOwnProperty.call(arity, fn) ? arity[fn] : undefined;
  if (want === undefined) throw new Error(`internal: ${JSON.stringify(fn)} is not a function of the generated code`);
  if (args.length !== want) throw new Error(`internal: ${fn} takes ${want} arguments, the instruction has ${args.length}`);
}

/** For an exhaustive switch over instructions: an op the emitter does not know. */
export function unknownInstruction(ins: unknown): never {
  throw new Error(`internal: unknown instruction ${JSON.stringify(ins)}`);
}
