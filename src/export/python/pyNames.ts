/**
 * Safe Python identifiers for the model's parameter and variable names. Fitbench names are
 * already [A-Za-z_][A-Za-z0-9_]* (checked again here: anything else becomes `p<i>`), but may be
 * Python keywords (`lambda`, `in`), builtins, or names the script itself uses (`np`, `erf`); such a
 * name gets `_` appended until it is free, e.g. `lambda` → `lambda_`. Names are only ever
 * renamed, never pasted unchecked; the original names stay as string literals for the CSV
 * lookup and the printed results.
 */

const KEYWORDS = [
  'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue', 'def', 'del', 'elif', 'else',
  'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise',
  'return', 'try', 'while', 'with', 'yield',
  // soft keywords: legal as names, renamed anyway so the script reads unambiguously
  'match', 'case', 'type', '_',
];

const BUILTINS = [
  'abs', 'aiter', 'all', 'anext', 'any', 'ascii', 'bin', 'bool', 'breakpoint', 'bytearray', 'bytes', 'callable', 'chr',
  'classmethod', 'compile', 'complex', 'copyright', 'credits', 'delattr', 'dict', 'dir', 'divmod', 'enumerate', 'eval', 'exec',
  'exit', 'filter', 'float', 'format', 'frozenset', 'getattr', 'globals', 'hasattr', 'hash', 'help', 'hex', 'id', 'input', 'int',
  'isinstance', 'issubclass', 'iter', 'len', 'license', 'list', 'locals', 'map', 'max', 'memoryview', 'min', 'next', 'object',
  'oct', 'open', 'ord', 'pow', 'print', 'property', 'quit', 'range', 'repr', 'reversed', 'round', 'set', 'setattr', 'slice',
  'sorted', 'staticmethod', 'str', 'sum', 'super', 'tuple', 'vars', 'zip', '__import__', '__name__', '__file__', '__builtins__',
];

/** Names the generated script defines or imports (see script.ts). */
export const SCRIPT_NAMES = ['csv', 'json', 're', 'sys', 'np', 'curve_fit', 'erf', 'erfc', 'model', 'X', 'finite'];

const RESERVED_NAMES: ReadonlySet<string> = new Set([...KEYWORDS, ...BUILTINS, ...SCRIPT_NAMES]);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Python names for `names` (in order), distinct from each other and from every reserved name
 *  (`also`: names a script defines besides SCRIPT_NAMES, such as the ODE script's). */
export function pythonNames(names: readonly string[], also: readonly string[] = []): Map<string, string> {
  const RESERVED = also.length > 0 ? new Set([...RESERVED_NAMES, ...also]) : RESERVED_NAMES;
  const out = new Map<string, string>();
  const taken = new Set<string>(names.filter((n) => IDENTIFIER.test(n) && !RESERVED.has(n)));
  names.forEach((name, i) => {
    if (out.has(name)) return;
    if (IDENTIFIER.test(name) && !RESERVED.has(name)) {
      out.set(name, name);
      return;
    }
    let safe = IDENTIFIER.test(name) ? `${name}_` : `p${i}`;
    while (RESERVED.has(safe) || taken.has(safe)) safe += '_';
    taken.add(safe);
    out.set(name, safe);
  });
  return out;
}
