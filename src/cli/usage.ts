export const USAGE = `fitbench — curve fitting with scipy-grade Trust Region Reflective least squares

usage:
  fitbench fit DATA.csv --model "EXPR" [options]

The model is an expression such as "a*exp(-x/tau) + c". Identifiers that name a column of
DATA.csv are variables; every other identifier is a fitted parameter.

options:
  --model, -m EXPR     the model expression (required)
  --y COL              response column (default: a column named y, else the last unused one)
  --sigma COL          per-point standard deviations (weights 1/sigma)
  --absolute-sigma     sigma is absolute: pcov is not scaled by the reduced chi-square
  --p0 a=1,b=2         start values
  --bounds a=0:inf,b=-1:1
                       bounds (inf / -inf for none); a finite pair also gives a start value
  --fix c=0            hold parameters at a value
  --loss NAME          linear (default), soft_l1, huber, cauchy, arctan
  --f-scale V          soft margin of the robust loss (default 1)
  --ftol V --xtol V --gtol V
                       tolerances (default 1e-15: run to machine precision)
  --max-nfev N         evaluation budget (default max(2000, 500·parameters))
  --x-scale jac|V      variable scaling (default jac)
  --method auto|dense|normal
                       linearization: QR (precise) or normal equations (fast, large data)
  --backend auto|cpu|gpu
                       where the residual passes run (gpu needs WebGPU through the webgpu package)
  --json               print one JSON object instead of the report
  -h, --help           this help

exit status: 0 converged, 1 the fit ran but did not converge, 2 bad input.`;
