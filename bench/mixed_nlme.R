# R's nlme on one CSV (g,t,y), for bench/mixed.ts: logistic growth with random effects RANDOM
# (default Asym,xmid; pdLogChol), ML, from the given start; prints one JSON line with the best
# wall time of `rounds` fits and the answer.
#   Rscript bench/mixed_nlme.R DATA.csv ROUNDS Asym xmid scal [RANDOM]
suppressMessages(library(nlme))
a <- commandArgs(trailingOnly = TRUE)
d <- read.csv(a[1], colClasses = c("character", "numeric", "numeric"))
rounds <- as.integer(a[2])
start <- c(Asym = as.numeric(a[3]), xmid = as.numeric(a[4]), scal = as.numeric(a[5]))
random <- as.formula(paste(gsub(",", "+", if (length(a) >= 6) a[6] else "Asym,xmid"), "~ 1"))
times <- numeric(0)
fit <- NULL
for (i in seq_len(rounds)) {
  t0 <- proc.time()[["elapsed"]]
  fit <- nlme(y ~ Asym/(1 + exp((xmid - t)/scal)), data = d, fixed = Asym + xmid + scal ~ 1,
              random = list(g = pdLogChol(random)), start = start, method = "ML")
  times <- c(times, proc.time()[["elapsed"]] - t0)
}
f <- fixef(fit)
cat(sprintf('{"seconds": %.6f, "median_seconds": %.6f, "logLik": %.10f, "sigma": %.10g, "Asym": %.10g, "xmid": %.10g, "scal": %.10g, "iterations": %d}\n',
            min(times), median(times), as.numeric(logLik(fit)), fit$sigma, f[["Asym"]], f[["xmid"]], f[["scal"]], fit$numIter))
