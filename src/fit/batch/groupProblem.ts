/**
 * One group's least-squares problem over the batch's compiled kernels, behind SmallTrf's
 * interface. The kernels and scratch are shared by every group of a batch; only the data view
 * changes from group to group (`use`), so a fit allocates nothing per iteration.
 */
import type { JsKernels, ModelData } from '../../model/index';
import { rho, scaleForRobustLoss, type Loss } from '../../solver/loss';
import type { SmallProblem } from '../../solver/smallTrf';

export class GroupProblem implements SmallProblem {
  m = 0;
  private data: ModelData = { vars: [], y: new Float64Array(0), w: null };
  private readonly rhoOut = new Float64Array(3);

  constructor(
    private readonly kernels: JsKernels,
    /** Full parameter vector: fixed values in place, free slots overwritten per evaluation. */
    readonly params: Float64Array,
    private readonly free: readonly number[],
    private readonly loss: Loss,
  ) {}

  /** Points the problem at a group's rows. */
  use(data: ModelData): void {
    this.data = data;
    this.m = data.y.length;
  }

  /** The full parameter vector at free values x (into the shared `params`). */
  full(x: ArrayLike<number>): Float64Array {
    for (let j = 0; j < this.free.length; j++) this.params[this.free[j]] = x[j];
    return this.params;
  }

  evaluate(x: Float64Array, f: Float64Array, J: Float64Array | null): number {
    const p = this.full(x);
    const m = this.m;
    if (J) this.kernels.residualsJacobian(p, this.data, f, J, 0, m);
    else this.kernels.residuals(p, this.data, f, 0, m);
    let sum = 0;
    if (this.loss.name === 'linear') {
      for (let i = 0; i < m; i++) sum += f[i] * f[i];
    } else {
      for (let i = 0; i < m; i++) {
        rho(this.loss, f[i], this.rhoOut);
        sum += this.rhoOut[0];
      }
    }
    return 0.5 * sum;
  }

  scaleForLoss(f: Float64Array, J: Float64Array): void {
    if (this.loss.name === 'linear') return;
    scaleForRobustLoss(this.loss, f.subarray(0, this.m), J, this.free.length);
  }
}
