/**
 * Search boxes for the nonlinear parameters, read from the data and from where each parameter
 * sits in the expression. Walking up from an occurrence of p through var-free operations (a
 * constant factor, a shift, a reciprocal, a literal power), the first operation that meets the
 * data decides p's role:
 *
 *   p·O (O holds x)       a rate: |p| in [0.03/max|O|, 100/range(O)]  (exp(−k·x), 1 + b·x)
 *   O/p                   a scale: |p| in [range(O)/1000, 3·max|O|]     (exp(−x/τ), (x − c)/w)
 *   p/O                   a rate of 1/O                                 (exp(b/(x + c)))
 *   rate/scale in sin/cos from half a cycle over the range up to the Nyquist rate π/spacing
 *   O − p, p − O          a location: uniform over O's range ± 10%      (x − x0)
 *   O + p                 a location of either sign: ±3·(max|O| + range(O))  (K + x)
 *   O ± p inside sin/cos  a phase in [−π, π]
 *   O^p                   an exponent, |p| in [0.05, 10]
 *   p·O with nothing nonlinear above (an amplitude): the next occurrence decides
 *   otherwise             |p| in [0.01, 100]
 *
 * (range = max − min, both measured on the data.) Rates, scales and exponents are log-scaled.
 * Log-scaled boxes take both signs unless the sign is implied (p², √p, a squared quantity, a
 * frequency) or set by a bound. The power met on the way transforms the box (p² = q gives
 * |p| = √|q|). O is evaluated on the data
 * with the other parameters at the centres of their first-pass boxes (1 for linear ones), so that
 * the width in exp(−(x − c)²/w²) is measured against x − c, not x. The user's bounds win: a
 * finite pair is the box; a single bound clips it (and picks the sign).
 */
import type { Expr } from '../model/index';
import { evaluateAst, hasVariable, type AstScope } from './evaluateAst';

export type SearchBox =
  | { readonly kind: 'uniform'; readonly lo: number; readonly hi: number; readonly role: string }
  /** |p| log-uniform in [lo, hi]; sign 0 means both signs. */
  | { readonly kind: 'log'; readonly lo: number; readonly hi: number; readonly sign: -1 | 0 | 1; readonly role: string };

/** The box's point for a coordinate u ∈ [0, 1). */
export function sampleBox(box: SearchBox, u: number): number {
  if (box.kind === 'uniform') return box.lo + u * (box.hi - box.lo);
  let sign: number = box.sign;
  let v = u;
  if (sign === 0) {
    sign = u < 0.5 ? 1 : -1;
    v = u < 0.5 ? 2 * u : 2 * u - 1;
  }
  return sign * box.lo * Math.pow(box.hi / box.lo, v);
}

/** A representative value: the midpoint, or the geometric mean with the box's (first) sign. */
export function boxCentre(box: SearchBox): number {
  if (box.kind === 'uniform') return 0.5 * (box.lo + box.hi);
  return (box.sign === 0 ? 1 : box.sign) * Math.sqrt(box.lo * box.hi);
}

const GENERIC: SearchBox = { kind: 'log', lo: 1e-2, hi: 1e2, sign: 0, role: 'generic' };

function paths(e: Expr, name: string, path: Expr[], out: Expr[][]): void {
  const here = [...path, e];
  switch (e.kind) {
    case 'ident':
      if (e.role === 'param' && e.name === name) out.push(here);
      return;
    case 'number':
      return;
    case 'unary':
      return paths(e.arg, name, here, out);
    case 'binary':
      paths(e.left, name, here, out);
      return paths(e.right, name, here, out);
    case 'call':
      for (const a of e.args) paths(a, name, here, out);
  }
}

interface Spread {
  /** max |O| */
  readonly M: number;
  readonly min: number;
  readonly max: number;
}

function spread(values: Float64Array): Spread | null {
  let M = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    M = Math.max(M, Math.abs(v));
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  return M > 0 ? { M, min, max } : null;
}

/** What lies above the operation where p meets the data (path[0..k−1), root first). */
interface Above {
  /** Inside sin/cos: a rate or scale there is a frequency, its sign absorbed by amplitude/phase. */
  readonly trig: boolean;
  /** The base of an even literal power: the quantity's sign does not matter. */
  readonly even: boolean;
  /** Nothing nonlinear above (no call, power or denominator): p·O there is an amplitude. */
  readonly amplitude: boolean;
}

function above(path: Expr[], k: number): Above {
  let trig = false;
  let even = false;
  let amplitude = true;
  for (let a = k - 2; a >= 0; a--) {
    const node = path[a];
    const child = path[a + 1];
    if (node.kind === 'call') {
      amplitude = false;
      if (node.name === 'sin' || node.name === 'cos') trig = true;
    } else if (node.kind === 'binary') {
      if (node.op === '^') {
        amplitude = false;
        if (node.left === child && node.right.kind === 'number' && node.right.value % 2 === 0) even = true;
      } else if (node.op === '/' && node.right === child) amplitude = false;
    }
  }
  return { trig, even, amplitude };
}

/** The role-based box of the quantity q that p reaches, before the power transform. */
function roleBox(op: string, pIsLeft: boolean, other: Expr, path: Expr[], k: number, scope: AstScope): SearchBox | null {
  const grand = path[k - 2];
  const ctx = above(path, k);
  if ((op === '+' || op === '-') && grand?.kind === 'call' && (grand.name === 'sin' || grand.name === 'cos')) {
    return { kind: 'uniform', lo: -Math.PI, hi: Math.PI, role: 'phase' };
  }
  if ((op === '*' || (op === '/' && pIsLeft)) && ctx.amplitude) return null; // an amplitude: look at other occurrences
  const values = evaluateAst(other, scope);
  if (op === '/' && pIsLeft) for (let i = 0; i < values.length; i++) values[i] = 1 / values[i];
  const s = spread(values);
  if (!s) return null;
  const R = s.max - s.min;
  const small = R > 0 ? Math.min(R, s.M) : s.M;
  const sign = ctx.trig || ctx.even ? 1 : 0;
  const n = Math.max(2, scope.rows);
  switch (op) {
    case '*':
    case '/': {
      const scale = op === '/' && !pIsLeft;
      // In sin/cos: from a tenth of a cycle over the range up to the Nyquist rate, π/spacing.
      const rateLo = ctx.trig ? 0.5 / Math.max(R, small) : 0.03 / s.M;
      const rateHi = ctx.trig ? (Math.PI * (n - 1)) / small : 100 / small;
      return scale
        ? { kind: 'log', lo: ctx.trig ? 1 / rateHi : small / 1000, hi: ctx.trig ? 1 / rateLo : 3 * s.M, sign, role: 'scale' }
        : { kind: 'log', lo: rateLo, hi: rateHi, sign, role: 'rate' };
    }
    case '+':
      return { kind: 'uniform', lo: -3 * (s.M + R), hi: 3 * (s.M + R), role: 'location' };
    case '-':
      return { kind: 'uniform', lo: s.min - 0.1 * R, hi: s.max + 0.1 * R, role: 'location' };
    case '^':
      return pIsLeft ? null : { kind: 'log', lo: 0.05, hi: 10, sign: 0, role: 'exponent' };
  }
  return null;
}

/**
 * The box of p from the box of q = p^power: the centre moves to centre^(1/power) and the extent in
 * decades shrinks by |power| (p² spans half the decades of q; a reciprocal keeps them).
 */
function applyPower(box: SearchBox, power: number): SearchBox {
  if (power === 1) return box;
  let b = box;
  if (b.kind === 'uniform') {
    const top = Math.max(Math.abs(b.lo), Math.abs(b.hi));
    b = { kind: 'log', lo: top * 1e-3, hi: top, sign: 0, role: b.role };
  }
  const centre = Math.pow(Math.sqrt(b.lo * b.hi), 1 / power);
  const ratio = Math.pow(b.hi / b.lo, 0.5 / Math.max(1, Math.abs(power)));
  const evenOrRoot = !Number.isInteger(power) || power % 2 === 0;
  return { kind: 'log', lo: centre / ratio, hi: centre * ratio, sign: evenOrRoot ? 1 : b.sign, role: b.role };
}

/** The box of one occurrence, or null when its role is not recognised. */
function occurrenceBox(path: Expr[], scope: AstScope): SearchBox | null {
  let power = 1;
  for (let k = path.length - 1; k > 0; k--) {
    const node = path[k];
    const parent = path[k - 1];
    if (parent.kind === 'unary') continue;
    if (parent.kind === 'call') {
      if (parent.name === 'pow' && parent.args.length === 2) {
        const pIsLeft = parent.args[0] === node;
        const other = pIsLeft ? parent.args[1] : parent.args[0];
        if (!hasVariable(other)) {
          if (pIsLeft && other.kind === 'number') {
            power *= other.value;
            continue;
          }
          return null;
        }
        const box = roleBox('^', pIsLeft, other, path, k, scope);
        return box && applyPower(box, power);
      }
      if (parent.args.length !== 1) return null;
      if (parent.name === 'sqrt') power *= 0.5;
      else if (parent.name !== 'abs') return null;
      continue;
    }
    if (parent.kind !== 'binary') return null;
    const pIsLeft = parent.left === node;
    const other = pIsLeft ? parent.right : parent.left;
    if (!hasVariable(other)) {
      if (parent.op === '/' && !pIsLeft) power = -power;
      else if (parent.op === '^') {
        if (!(pIsLeft && other.kind === 'number' && other.value !== 0)) return null;
        power *= other.value;
      }
      continue;
    }
    const box = roleBox(parent.op, pIsLeft, other, path, k, scope);
    return box && applyPower(box, power);
  }
  return null;
}

/** The user's bounds win: a finite pair is the box; one bound clips the box and sets the sign. */
export function clipToBounds(box: SearchBox, lb: number, ub: number): SearchBox {
  const role = box.role;
  if (Number.isFinite(lb) && Number.isFinite(ub)) {
    if (lb > 0 && ub / lb >= 100) return { kind: 'log', lo: lb, hi: ub, sign: 1, role };
    if (ub < 0 && lb / ub >= 100) return { kind: 'log', lo: -ub, hi: -lb, sign: -1, role };
    return { kind: 'uniform', lo: lb, hi: ub, role };
  }
  if (!Number.isFinite(lb) && !Number.isFinite(ub)) return box;
  if (box.kind === 'uniform') {
    const width = box.hi - box.lo;
    if (Number.isFinite(lb)) {
      const lo = Math.max(box.lo, lb);
      return { kind: 'uniform', lo, hi: box.hi > lo ? box.hi : lo + width, role };
    }
    const hi = Math.min(box.hi, ub);
    return { kind: 'uniform', lo: box.lo < hi ? box.lo : hi - width, hi, role };
  }
  // A log box against one bound: keep the side the bound allows, moved past the bound if needed.
  const ratio = box.hi / box.lo;
  if (Number.isFinite(lb)) {
    if (lb >= 0) {
      const lo = Math.max(box.lo, lb);
      return { kind: 'log', lo: lo > 0 ? lo : box.lo, hi: Math.max(box.hi, lo * ratio), sign: 1, role };
    }
    return { kind: 'uniform', lo: lb, hi: box.hi, role }; // a negative lower bound: both signs, linearly
  }
  if (ub <= 0) {
    const lo = Math.max(box.lo, -ub);
    return { kind: 'log', lo: lo > 0 ? lo : box.lo, hi: Math.max(box.hi, lo * ratio), sign: -1, role };
  }
  return { kind: 'uniform', lo: -box.hi, hi: ub, role };
}

export interface BoxInput {
  readonly ast: Expr;
  readonly params: readonly string[];
  readonly variables: readonly string[];
  readonly vars: readonly ArrayLike<number>[];
  /** Indices of the parameters to box. */
  readonly searched: readonly number[];
  /** Values to use for the other parameters when measuring (held starts, fixed values, 1 for linear ones). */
  readonly known: ReadonlyMap<number, number>;
  /** Full-length bounds. */
  readonly lb: ArrayLike<number>;
  readonly ub: ArrayLike<number>;
}

/** One box per entry of `searched`; see the module docblock. */
export function searchBoxes(input: BoxInput): SearchBox[] {
  const rows = input.vars[0]?.length ?? 0;
  const vars = new Map(input.variables.map((v, i) => [v, input.vars[i]]));
  const occurrences = input.searched.map((i) => {
    const out: Expr[][] = [];
    paths(input.ast, input.params[i], [], out);
    return out;
  });
  const pass = (values: Map<string, number>): SearchBox[] => {
    const scope: AstScope = { vars, params: values, rows };
    return input.searched.map((p, j) => {
      let box: SearchBox | null = null;
      for (const path of occurrences[j]) {
        box = rows > 0 ? occurrenceBox(path, scope) : null;
        if (box) break;
      }
      return clipToBounds(box ?? GENERIC, input.lb[p], input.ub[p]);
    });
  };
  const values = new Map<string, number>();
  for (const [i, v] of input.known) values.set(input.params[i], v);
  const first = pass(values);
  input.searched.forEach((p, j) => values.set(input.params[p], boxCentre(first[j])));
  const second = pass(values);
  return second;
}
