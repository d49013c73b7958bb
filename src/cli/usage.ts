export const USAGE = `fitbench — curve fitting with scipy-grade Trust Region Reflective least squares

usage:
  fitbench fit DATA.csv --model "EXPR" [options]

The model is an expression such as "a*exp(-x/tau) + c". Identifiers that name a column of
DATA.csv are variables; every other identifier is a fitted parameter.

A model of differential equations (ODE) is written as statements, separated by newlines or ";"
("#" starts a comment):
  dH/dt = alpha*H - beta*H*L      a state H and its rate (states, parameters, t, constants,
  dL/dt = delta*H*L - gamma*L     and intermediates such as r = k*S defined above it)
  H(0) = H0; L(0) = L0            each state's initial value at t0 (one number for all states;
                                  the data may start later); the expression may hold parameters
  Hare ~ H                        column Hare is observed as H (an expression of states and
  Lynx ~ L | Lynx_sd              parameters); "| COL" gives that response's sigma column
Several ~ lines are one fit with stacked residuals; with one state and no ~ line, --y (and
--sigma) is observed as that state. Rows may be unsorted and repeat times; with several
responses a row's empty cell leaves it out of that response only. Without --p0 for a free
parameter (or with --starts) an ODE fit searches the starts: initial values from the first
observations, rates from the time scales. With --group COL each group is fitted alone, with
--shared globally and with --random as a mixed-effects model (one integration per group).
--ci profile refits with each parameter held; --predict t=1,5 gives each response at those
times with confidence and prediction intervals through the sensitivities ("predicted" names its
response; no prediction interval beside a sigma column); both fit one data set, not --group.
It runs without --wide, --varpro, --mle, --tie, --checkpoint, --compare-model, --report,
--memory-limit, --backend gpu.
Its --json has the fields of any fit plus "ode" (method, rtol, atol, steps, evaluations,
integrations, failedIntegrations, times, and each response's n, rss, chi2, r2).

Errors in x as well as y (orthogonal distance regression, ODRPACK's statistics): give x's
standard deviations with --sigma-x (and y's with --sigma); the fit minimizes
sum((y - f(x + d))^2/sigma_y^2 + d^2/sigma_x^2) over the parameters and every row's d. A model
written as one equation, "(x-a)^2 + (y-b)^2 = R^2", is implicit: every column in it is observed
(--sigma-x x=SX,y=SY; none: unit weights; --y and --sigma do not apply) and each needs --p0.
With --group COL each group is fitted alone, with --shared globally (one ODR fit of all groups;
y = f(x) models). It runs without --wide, --random, --varpro, --mle, --loss, --tie, --checkpoint,
--compare-model, --memory-limit, --backend gpu. Its --json has the fields of any fit
(cost: half the weighted sum of squares) plus "odr" (sum_square, sum_square_delta,
sum_square_eps, res_var, sd_beta, cov_beta as scipy.odr names them).

options:
  --model, -m EXPR     the model: an expression, or an ODE model's statements (above)
  --model-file PATH    the model's text from a file (either kind); errors say PATH:line:column
  --time COL           an ODE model's time column (default: a column named t or time, else the
                       column a closed-form model would take as x)
  --ode-method auto|dopri5|rodas4
                       the integrator: auto (default) starts with Dormand–Prince 5(4) and
                       switches to Rodas4 (L-stable, for stiff systems) and back as LSODA does
  --rtol V --atol V    the integration's relative and absolute tolerances (default 1e-10 and
                       1e-12; sensitivities under the same control)
  --y COL              response column (default: a column named y, else the last unused
                       numeric one that is not an ID such as a run counter)
  --sigma COL          per-point standard deviations (weights 1/sigma)
  --sigma-x COL        errors in x: x's per-point standard deviations (above); with several x
                       columns (or an implicit model) one each: --sigma-x x1=s1,x2=s2
  --deltas             with --sigma-x: each row's d (and y's residual eps) in the JSON's "odr"
  --weights MODE       sigma (default: the --sigma column, else none), 1/y (sigma = sqrt|y|),
                       1/y2 or relative (sigma = |y|), poisson (sigma^2 = y, 1 where y = 0)
  --absolute-sigma     sigma is absolute: pcov is not scaled by the reduced chi-square
  --p0 a=1,b=2         start values (optional: missing ones are found automatically by a
                       search; given ones are refined as one extra candidate)
  --starts N           candidates of the automatic start search (default 256); with every
                       start given, --starts runs the search as well
  --seed N             seed of the start search's candidates (default 0: the same every run)
  --varpro             variable projection: fit the nonlinear parameters with the linear ones
                       (amplitudes, offsets) solved exactly at each step, then the full fit from
                       there; the linear parameters need no --p0 (least squares, one dataset)
  --mle poisson        Poisson maximum likelihood for counts (Cash statistic, deviance,
                       Fisher-information errors) instead of least squares
  --tie b=2*a          define a parameter by the others (not fitted; reported with its error)
  --derive half=ln(2)/k
                       a quantity of the fitted parameters with its delta-method error
  --compare-model EXPR fit a second model to the same rows and compare: F test when one is
                       the other with parameters fixed (checked on the formulas), AICc always;
                       its own --compare-p0, --compare-bounds, --compare-fix (starts found
                       when missing); --nested states nesting the check cannot establish
  --checkpoint FILE    save the fit's state to FILE as it runs (every 2 s; with
                       --checkpoint-every SECONDS, 0 = every iteration)
  --resume             continue from the state in --checkpoint FILE (the same model, data,
                       bounds and options; a missing file starts afresh)
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
                       where the residual passes run (gpu needs WebGPU through the webgpu package);
                       with --group/--wide, gpu fits the groups in one GPU batch, checked in float64
  --where EXPR         keep rows where EXPR holds: COL=VALUE, COL!=VALUE, COL<V, COL<=V, COL>V,
                       COL>=V (repeatable; all must hold; = and != compare text as written)
  --exclude-rows LIST  leave out the file's lines LIST, e.g. 3,17,20-25 (the header is line 1)
  --group COL          fit each group of rows that COL names (text, or numbers such as a run)
  --groups K1,K2       with --group/--wide: fit only these groups (keys as written in the file;
                       a comma inside a key is written \\, and a backslash \\\\)
  --wide               fit each y column on its own (--y A1,A2,…; default every other numeric column)
  --shared a,b         with --group/--wide: one global fit, these parameters shared by all groups
                       and the other free ones fitted per group
  --compare            with --shared: also fit each group alone; F test and AICc, in words
  --random a,b         with --group: a nonlinear mixed-effects fit (R's nlme; Lindstrom-Bates):
                       these parameters get one random effect per group, b ~ N(0, Psi), every
                       other free one is a fixed effect; --json adds "mixed" (fixed effects with
                       stderr, df, t, p; randomSd, randomCorr, sigma, logLik, aic, bic) and each
                       group's randomEffects. Unbounded least squares: no --bounds, --loss
  --random-cov full|diag
                       Psi general (default, nlme's pdLogChol) or diagonal (pdDiag)
  --method ml|reml     with --random: maximum likelihood (default, as nlme) or REML
                       Every --random fit is compared with the global fit (no random effects):
                       likelihood-ratio test, AIC, BIC ("mixed.comparisons"; R's anova)
  --compare-random c,d, --compare-random-cov full|diag
                       with --random: also fit this random structure (nested in the first or
                       the first in it: fewer effects, or diag against full) and compare the two
  --workers N          worker threads for per-group fits (default: all cores from 50 000 groups
                       on) and for the float64 passes of a single fit (default: all cores from
                       200 000 rows on, with 4 cores or more) and for scoring --starts from
                       131072 candidates on (default: all cores); 0 = in this process. Also the
                       threads that parse a file of 64 MB or more (default: all cores; 0 or 1 =
                       this thread only). Capped at the cores, and at one worker per group or
                       per 65 536 rows (said on stderr)
  --ci wald|profile    parameter intervals: Wald, ± t·se (default), or profile likelihood
                       (Bates & Watts; R's confint.nls), asymmetric, null where unbounded; or
                       bootstrap: Wald in ci, and percentile intervals from --bootstrap N
                       refits (default 2000) of --bootstrap-kind residual|case resamples,
                       seeded by --seed, in bootstrapCi; --bootstrap-interval bca|studentized
                       adds bootstrapBca or bootstrapStudentized (default percentile only);
                       with --group, each group's own in groups[] (the same seed)
  --interpolate        rows with a y and an empty x cell are unknowns (as in Prism): each gets x̂
                       on the fitted curve within the standards' x range and a 95%
                       inverse-prediction interval, or a status (above-range, below-range,
                       not-monotone, no-interval-bound) instead of a value
  --sample COL         with --interpolate: consecutive unknown rows with the same COL cell are
                       replicates of one sample, read at their mean (default: each row alone)
  --predict x=1,10,100 ŷ at these x with 95% confidence and prediction intervals
  --outliers rout      ROUT (Motulsky & Brown 2006): a robust (Cauchy) fit, outliers by the
                       false discovery rate --outlier-q Q (percent, default 1), then the
                       least-squares fit without them (reported as outliers.indices/rows)
  --keep-rows 13,27    with --outliers rout: these file lines are never flagged (the page's
                       "put back")
  --report FILE.html   also write a printable fit report (model, data summary, parameters with
                       errors and intervals, statistics, residual diagnostics, plots) to FILE
  --memory-limit SIZE  memory the fit may hold (K, M, G; default half of this machine's): a file
                       whose columns need more is streamed from a temporary binary file in
                       chunks (progress on stderr names the chunk); same results, in one thread,
                       with --p0 for every free parameter and without --group, --where, --varpro,
                       --mle, --ci profile, --compare-model, --report and --backend gpu
                       (--checkpoint works; its file resumes in memory too, and the reverse)
  --json               print one JSON object instead of the report
  -h, --help           this help

--p0, --bounds and --fix may be repeated (their lists are merged); a value may start with "-"
(--p0 a=-1, --model -a*x). DATA may be UTF-8, or UTF-16 with a byte-order mark.

exit status: 0 converged, 1 the fit ran but did not converge, 2 bad input. With --group or
--wide: 0 when every group converged, 1 when some group did not (or could not be fitted).`;
