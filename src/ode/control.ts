/**
 * Step-size controllers of Hairer's codes. Both return the magnitude of the next step from the
 * magnitude h of the tried one and its error norm err (≤ 1: accepted).
 *
 * - PI control of dopri5.f (Hairer, Nørsett & Wanner, Solving ODEs I, II.4; Gustafsson, Lundh &
 *   Söderlind, BIT 28, 1988):
 *   h_new = h · safe · err^(−α) · err_old^β with α = 1/(q+1) − 0.75β, β = 0.04, the factor kept
 *   in [0.2, 10]; after a rejection h_new = h · max(0.2, safe · err^(−α)).
 * - The predictive controller of Gustafsson (ACM TOMS 20, 1994) in rodas.f (Hairer & Wanner,
 *   Solving ODEs II, IV.8): h_new = h · min(fac, fac_G) with fac = safe · err^(−1/(q+1)) and
 *   fac_G = safe · (h/h_acc) · (err_acc / err²)^(1/(q+1)), the factor kept in [0.2, 6].
 */

export interface Controller {
  reset(): void;
  accepted(h: number, err: number): number;
  rejected(h: number, err: number): number;
}

const SAFE = 0.9;

export class PiController implements Controller {
  private errOld = 1e-4;
  private readonly alpha: number;
  constructor(order: number, private readonly beta = 0.04) {
    this.alpha = 1 / (order + 1) - 0.75 * beta;
  }
  reset(): void {
    this.errOld = 1e-4;
  }
  accepted(h: number, err: number): number {
    const fac = err ** this.alpha / this.errOld ** this.beta;
    const q = Math.max(0.1, Math.min(5, fac / SAFE)); // 1/q in [0.2, 10]
    this.errOld = Math.max(err, 1e-4);
    return h / q;
  }
  rejected(h: number, err: number): number {
    return h / Math.min(5, err ** this.alpha / SAFE);
  }
}

export class PredictiveController implements Controller {
  private hAcc = 0;
  private errAcc = 0;
  private nAccepted = 0;
  constructor(private readonly order: number) {}
  reset(): void {
    this.nAccepted = 0;
  }
  private factor(err: number): number {
    return Math.max(1 / 6, Math.min(5, err ** (1 / (this.order + 1)) / SAFE));
  }
  accepted(h: number, err: number): number {
    let q = this.factor(err);
    if (this.nAccepted > 0) {
      const qg = Math.max(1 / 6, Math.min(5, ((this.hAcc / h) * (err * err / this.errAcc) ** (1 / (this.order + 1))) / SAFE));
      q = Math.max(q, qg);
    }
    this.nAccepted++;
    this.hAcc = h;
    this.errAcc = Math.max(1e-2, err);
    return h / q;
  }
  rejected(h: number, err: number): number {
    // a rejected first step is far off: Hairer cuts it tenfold
    return this.nAccepted === 0 ? h * 0.1 : h / this.factor(err);
  }
}
