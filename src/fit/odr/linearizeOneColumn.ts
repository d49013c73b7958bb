/**
 * odrEvaluator.ts's linearization with one observed column (l = 1: each row's δ is a scalar, the
 * usual errors-in-x fit): from the kernel's weighted residuals f and Jacobian J (row i:
 * [jβ (s) | jδ], stride s + 1) it writes the arrow matrix of Boggs, Byrd & Schnabel (1987)
 * eq. (2.2)'s residuals (arrow.ts):
 *
 *     A  = Σᵢ jβ jβᵀ          (s×s, upper triangle summed, then mirrored)
 *     Bᵢ = jβ · jδ            (s entries per row)
 *     Dᵢ = jδ² + uᵢ²          (one entry per row)
 *
 * and the gradient g = Jᵀr: g_β = Σᵢ jβ εᵢ, g_δᵢ = jδ εᵢ + uᵢ² δᵢ. Returns Σεᵢ².
 *
 * The sums over rows run one entry at a time over a block of rows (CHUNK), each in a register:
 * summed into A[a·s + b] row after row, an entry waits on its own store every row; per entry
 * over a block of rows that stays in L1, the same sums in the same order (every entry to the last
 * bit of the general path) run at the adder's speed.
 */
import type { ArrowMatrix } from '../../solver/arrow';

/** Rows per block: J's block (CHUNK·(s + 1) doubles) stays in L1/L2 across the entries' passes. */
const CHUNK = 1024;

export function linearizeOneColumn(s: number, G: number, f: Float64Array, J: Float64Array, u: Float64Array, x: Float64Array, M: ArrowMatrix, grad: Float64Array): number {
  const { A, B, D } = M;
  const k = s + 1;
  A.fill(0);
  grad.fill(0, 0, s);
  let ee = 0;
  for (let start = 0; start < G; start += CHUNK) {
    const end = Math.min(G, start + CHUNK);
    for (let i = start; i < end; i++) {
      const r = f[i];
      ee += r * r;
      const jo = i * k;
      const jd = J[jo + s];
      const ui = u[i];
      const uu = ui * ui;
      D[i] = jd * jd + uu;
      grad[s + i] = jd * r + uu * x[s + i];
    }
    for (let a = 0; a < s; a++) {
      let ga = grad[a];
      for (let i = start, jo = start * k; i < end; i++, jo += k) {
        const ja = J[jo + a];
        ga += ja * f[i];
        B[i * s + a] = ja * J[jo + s];
      }
      grad[a] = ga;
      for (let b = a; b < s; b++) {
        let t = A[a * s + b];
        for (let jo = start * k, e = end * k; jo < e; jo += k) t += J[jo + a] * J[jo + b];
        A[a * s + b] = t;
      }
    }
  }
  for (let a = 0; a < s; a++) for (let b = 0; b < a; b++) A[a * s + b] = A[b * s + a];
  return ee;
}
