# The "puromycin" sample: R's Puromycin dataset (Treloar 1974; Bates & Watts 1988, A1.3), written
# by fixtures/groups/make_groups.R (copied here as puromycin.csv). This prints the reference values
# in public/samples/index.json: R's nls of the Michaelis-Menten model over all 23 rows.
#   Rscript public/samples/puromycin_reference.R
m <- nls(rate ~ Vm * conc / (K + conc), data = Puromycin, start = list(Vm = 200, K = 0.1))
cat(sprintf('"certified": {"values": {"Vm": %.17g, "K": %.17g}, "rss": %.17g}\n', coef(m)[["Vm"]], coef(m)[["K"]], sum(resid(m)^2)))
