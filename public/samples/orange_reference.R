# The "orange" sample: R's datasets::Orange (Draper & Smith 1981; Pinheiro & Bates 2000, §8.2),
# the trunk circumference of five orange trees against age, as fixtures/mixed/make_fits.R writes it
# (copied here as orange.csv). This prints the reference values in public/samples/index.json: R's
# nls of the logistic over all 35 rows (the fit with every parameter shared). nlme's mixed fit
# with Asym random is fixtures/mixed/fits.json's "orange-ml".
#   Rscript public/samples/orange_reference.R
orange <- read.csv("public/samples/orange.csv")
m <- nls(circumference ~ Asym / (1 + exp((xmid - age) / scal)), data = orange, start = list(Asym = 192, xmid = 728, scal = 353))
cat(sprintf('"certified": {"values": {"Asym": %.17g, "xmid": %.17g, "scal": %.17g}, "rss": %.17g}\n', coef(m)[["Asym"]], coef(m)[["xmid"]], coef(m)[["scal"]], sum(resid(m)^2)))
