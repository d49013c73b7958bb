/**
 * x^n for an integer n as a chain of multiplications, in exactly the order tapeFns.powiValue
 * performs them (binary exponentiation: square the base, multiply the bits in), so that every
 * emitter, the interpreter and constant folding agree bit for bit. Emitters turn the definitions
 * into their own statement syntax (`const`/`let`).
 */

export interface PowiSyntax {
  /** The literal 1 in the target language (`1`, `1.0f`). */
  readonly one: string;
}

/** [name, expression] definitions computing x^n, the last one defining `name`. */
export function powiChain(name: string, x: string, n: number, syntax: PowiSyntax): [string, string][] {
  const defs: [string, string][] = [];
  let m = Math.abs(n);
  let base = x;
  let result: string | undefined;
  for (let k = 0; m > 0; k++) {
    if (m & 1) {
      if (result === undefined) {
        result = base;
      } else {
        defs.push([`${name}_r${k}`, `${result} * ${base}`]);
        result = `${name}_r${k}`;
      }
    }
    m = Math.floor(m / 2);
    if (m > 0) {
      defs.push([`${name}_b${k}`, `${base} * ${base}`]);
      base = `${name}_b${k}`;
    }
  }
  const last = defs[defs.length - 1];
  if (n > 0 && last !== undefined && last[0] === result) {
    last[0] = name; // the final product defines the slot itself
  } else {
    defs.push([name, n < 0 ? `${syntax.one} / ${result ?? syntax.one}` : result ?? syntax.one]);
  }
  return defs;
}
