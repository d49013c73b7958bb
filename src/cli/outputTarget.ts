/**
 * Where the CLI may write (issue 27, item 1: nothing the user has may be lost). Every file the CLI
 * writes (`--checkpoint`, `--report`) is checked before the data are read, so a fit never runs
 * only to fail at its end, and nothing the user has is replaced:
 * - not the data file, by any path to it (a hard or symbolic link too: the same device and inode);
 * - not a folder, nor an existing file that is not a regular file (a FIFO, a device, a socket): a
 *   checkpoint is written beside its path and renamed over it, which replaced `/dev/null` with a
 *   regular file when run as root;
 * - not the file another option writes;
 * - and only in a folder that exists and may be written (probed with a temporary file).
 * What each option may find there already (a checkpoint only a checkpoint) is its own rule, passed
 * in as `mayReplace`.
 */
import { existsSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { temporaryName } from '../job/node/checkpointFile';
import { CliError } from './errors';

export interface OutputTarget {
  /** The option that names the file, as typed: `--checkpoint`. */
  readonly option: string;
  readonly file: string;
  /** A name to suggest in a folder (`fit.ckpt.json`). */
  readonly example: string;
  /** Why an existing regular file may not be replaced, or null when it may. */
  readonly mayReplace?: (file: string) => string | null;
  /** Words before why the folder cannot be written (`could not write it: `), as the option has said them. */
  readonly cannot?: string;
}

function statOrNull(file: string): Stats | null {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

const sameFile = (a: Stats, b: Stats): boolean => a.dev === b.dev && a.ino === b.ino;

/** What kind of non-regular file `s` is, in a user's words. */
function kindOf(s: Stats): string {
  if (s.isFIFO()) return 'a FIFO (named pipe)';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  if (s.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** A regular file's name in the folder of `beside`, for the fix a refusal suggests. */
function suggestion(beside: string, example: string): string {
  return join(dirname(beside), example);
}

/** Throws a CliError when `target` may not be written; see the module's docblock. */
function checkOne(target: OutputTarget, inputs: readonly string[], others: readonly OutputTarget[]): void {
  const { option, file, example } = target;
  const s = statOrNull(file);
  if (s?.isDirectory()) throw new CliError(`${option} ${file} is a folder; give a file in it, e.g. ${option} ${join(file, example)}.`);
  if (s && !s.isFile()) {
    const fix = /^\/dev\//.test(resolve(file)) ? `e.g. ${option} ${example}` : `e.g. ${option} ${suggestion(file, example)}`;
    throw new CliError(`${option} ${file} is ${kindOf(s)}, not a regular file; fitbench writes only regular files and would replace it: give a file name, ${fix}.`);
  }
  for (const input of inputs) {
    const d = statOrNull(input);
    if ((s && d && sameFile(s, d)) || resolve(input) === resolve(file)) {
      throw new CliError(`${option} ${file} is the data file ${input}; writing there would overwrite your data: give another file, e.g. ${option} ${suggestion(input, `${basename(input).replace(/\.[^.]*$/, '')}.${example}`)}.`);
    }
  }
  for (const other of others) {
    const o = statOrNull(other.file);
    if ((s && o && sameFile(s, o)) || resolve(other.file) === resolve(file)) {
      throw new CliError(`${option} and ${other.option} both name ${file}; each needs its own file.`);
    }
  }
  const refusal = s ? (target.mayReplace?.(file) ?? null) : null;
  if (refusal) throw new CliError(`${option} ${file} ${refusal}`);
  probeFolder(target);
}

/** Writes and removes an empty temporary file beside `file`: the folder exists and may be written. */
function probeFolder({ option, file, cannot = '' }: OutputTarget): void {
  const probe = temporaryName(file);
  try {
    writeFileSync(probe, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    const where = existsSync(dirname(file)) ? `the folder ${dirname(file)} cannot be written` : `the folder ${dirname(file)} does not exist`;
    // A ~ reaches the CLI as typed when quoted or after --option= (Node does not expand it).
    const tilde = /^~(\/|$)/.test(file) && !existsSync('~');
    const fix = tilde ? `the shell expands ~ only when it is not quoted and not after =: give ${join(homedir(), file.slice(2))}` : 'give a file in a folder that exists and may be written';
    throw new CliError(`${option} ${file}: ${cannot}${where} (${code}); ${fix}.`);
  } finally {
    rmSync(probe, { force: true });
  }
}

/**
 * Checks every file the command will write against the files it reads and against each other,
 * before anything is read or written.
 */
export function checkOutputTargets(inputs: readonly string[], targets: readonly OutputTarget[]): void {
  targets.forEach((target, i) => checkOne(target, inputs, targets.slice(0, i)));
}
