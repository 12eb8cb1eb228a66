# Record what pROC's DeLong inference returns on fixed random inputs
# (tests/data/proc_delong_recorded.json): var, ci.auc, cov and roc.test (paired and unpaired).
#
# The default test suite checks rocpr_exact.profiles.proc_delong against these doubles without
# R (tests/profiles/test_proc_delong.py).  Run from the repository root with R and pROC
# (Debian: apt-get install r-base-core r-cran-proc):
#
#     Rscript scripts/record_proc_delong.R
#
# Every double is written with 17 significant digits (an exact round trip), NA as null.

suppressPackageStartupMessages(library(pROC))

out_path <- file.path("tests", "data", "proc_delong_recorded.json")
set.seed(19880926)

num <- function(x) {
  if (is.null(x) || length(x) == 0 || is.na(x)) return("null")
  if (is.infinite(x)) return(if (x > 0) "\"Inf\"" else "\"-Inf\"")
  sprintf("%.17g", x)
}
vec <- function(x) paste0("[", paste(vapply(as.numeric(x), num, ""), collapse = ","), "]")
str <- function(x) paste0("\"", x, "\"")
obj <- function(...) {
  fields <- list(...)
  parts <- mapply(function(k, v) paste0(str(k), ":", v), names(fields), fields)
  paste0("{", paste(parts, collapse = ","), "}")
}

# Two scorings of the same examples (paired), with ties (rounded scores), various skews; the
# second is correlated with the first.  Shapes: n, prevalence, digits, separation.
dataset <- function(n, prevalence, digits, separation) {
  labels <- as.integer(runif(n) < prevalence)
  if (sum(labels) < 2) labels[1:2] <- 1L
  if (sum(labels) > n - 2) labels[(n - 1):n] <- 0L
  first <- round(runif(n) + separation * labels, digits)
  second <- round(0.5 * first + 0.5 * runif(n) + 0.5 * separation * labels, digits)
  list(labels = labels, first = first, second = second)
}
shapes <- list(
  c(8, 0.5, 1, 0.3), c(20, 0.5, 1, 0.3), c(40, 0.3, 2, 0.5), c(60, 0.5, 1, 0.1),
  c(100, 0.1, 2, 0.4), c(200, 0.05, 2, 0.6), c(150, 0.9, 1, 0.2), c(300, 0.5, 3, 0.3),
  c(500, 0.2, 2, 0.5), c(1000, 0.02, 3, 0.4), c(30, 0.5, 15, 0.3), c(12, 0.5, 0, 1),
  c(2000, 0.5, 6, 2), c(400, 0.5, 6, 0.05)
)
datasets <- lapply(shapes, function(s) dataset(s[1], s[2], s[3], s[4]))
# One case (pROC: NA), perfect separation (variance 0), a single tie group with two classes.
datasets[[length(datasets) + 1]] <- list(labels = c(1L, 0L, 0L, 0L), first = c(3, 1, 2, 0.5),
                                         second = c(1, 2, 3, 4))
datasets[[length(datasets) + 1]] <- list(labels = c(1L, 1L, 0L, 0L), first = c(4, 3, 2, 1),
                                         second = c(1, 3, 2, 4))

cases <- c()
for (i in seq_along(datasets)) {
  d <- datasets[[i]]
  r1 <- roc(d$labels, d$first, quiet = TRUE)
  r2 <- roc(d$labels, d$second, quiet = TRUE)
  ci95 <- as.numeric(suppressWarnings(ci.auc(r1, method = "delong")))
  ci90 <- as.numeric(suppressWarnings(ci.auc(r1, conf.level = 0.9, method = "delong")))
  paired <- tryCatch(suppressWarnings(roc.test(r1, r2, method = "delong", paired = TRUE)),
                     error = function(e) NULL)
  unpaired <- tryCatch(suppressWarnings(roc.test(r1, r2, method = "delong", paired = FALSE)),
                       error = function(e) NULL)
  field <- function(test, name) if (is.null(test)) "null" else num(as.numeric(test[[name]])[1])
  cases <- c(cases, obj(
    labels = vec(d$labels), first = vec(d$first), second = vec(d$second),
    direction1 = str(r1$direction), direction2 = str(r2$direction),
    auc1 = num(as.numeric(r1$auc)), auc2 = num(as.numeric(r2$auc)),
    var1 = num(suppressWarnings(var(r1, method = "delong"))),
    var2 = num(suppressWarnings(var(r2, method = "delong"))),
    ci95 = vec(ci95), ci90 = vec(ci90),
    cov = num(suppressWarnings(cov(r1, r2, method = "delong"))),
    paired_z = field(paired, "statistic"), paired_p = field(paired, "p.value"),
    paired_ci = if (is.null(paired)) "null" else vec(paired$conf.int),
    unpaired_d = field(unpaired, "statistic"), unpaired_df = field(unpaired, "parameter"),
    unpaired_p = field(unpaired, "p.value")
  ))
}

header <- obj(
  command = str("Rscript scripts/record_proc_delong.R"),
  date = str(format(Sys.Date())),
  versions = obj(R = str(paste(R.version$major, R.version$minor, sep = ".")),
                 pROC = str(as.character(packageVersion("pROC"))))
)
text <- paste0(substr(header, 1, nchar(header) - 1), ",\"cases\":[\n",
               paste(cases, collapse = ",\n"), "\n]}\n")
writeLines(text, out_path, sep = "")
cat(out_path, ":", length(cases), "cases\n")
