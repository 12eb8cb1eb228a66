# Record what PRROC, pROC, ROCR and precrec return on fixed random inputs
# (tests/data/r_tools_recorded.json).
#
# The default test suite checks the exact twins (rocpr_exact.profiles.prroc, .proc, .rocr,
# .precrec) against these recorded doubles without R (tests/profiles/test_r_recorded.py).
# Run from the repository root, with R and the four packages installed
# (Debian: apt-get install r-base-core r-cran-proc r-cran-rocr; PRROC and precrec from their
# CRAN sources with R CMD INSTALL):
#
#     Rscript scripts/record_r_tools.R
#
# Every double is written with 17 significant digits (an exact round trip), NA as null,
# infinities as the strings "Inf" / "-Inf".

suppressPackageStartupMessages({
  library(PRROC)
  library(pROC)
  library(ROCR)
  library(precrec)
})

out_path <- file.path("tests", "data", "r_tools_recorded.json")
set.seed(20061)

num <- function(x) {
  if (is.null(x) || length(x) == 0) return("null")
  if (is.na(x)) return("null")
  if (is.infinite(x)) return(if (x > 0) "\"Inf\"" else "\"-Inf\"")
  sprintf("%.17g", x)
}
vec <- function(x) paste0("[", paste(vapply(as.numeric(x), num, ""), collapse = ","), "]")
mat <- function(m) paste0("[", paste(apply(m, 1, vec), collapse = ","), "]")
str <- function(x) paste0("\"", x, "\"")
obj <- function(...) {
  fields <- list(...)
  parts <- mapply(function(k, v) paste0(str(k), ":", v), names(fields), fields)
  paste0("{", paste(parts, collapse = ","), "}")
}
arr <- function(items) paste0("[\n", paste(items, collapse = ",\n"), "\n]")

# Random datasets: scores with ties (rounded), balanced and extremely imbalanced.
dataset <- function(n, prevalence, digits) {
  labels <- as.integer(runif(n) < prevalence)
  if (sum(labels) == 0) labels[1] <- 1L
  if (sum(labels) == n) labels[n] <- 0L
  scores <- round(runif(n) + 0.3 * labels, digits)
  list(scores = scores, labels = labels)
}
shapes <- list(
  c(8, 0.5, 1), c(20, 0.5, 1), c(40, 0.3, 2), c(60, 0.5, 1), c(100, 0.1, 2),
  c(200, 0.03, 2), c(150, 0.9, 1), c(300, 0.5, 3), c(500, 0.2, 2), c(1000, 0.01, 3),
  c(30, 0.5, 15), c(12, 0.5, 0)
)
datasets <- lapply(shapes, function(s) dataset(s[1], s[2], s[3]))
# Negatives ranked above every positive, and a dataset of one tie group.
datasets[[length(datasets) + 1]] <- list(scores = c(9, 8, 7, 6, 5, 4), labels = c(0L, 0L, 1L, 0L, 1L, 1L))
datasets[[length(datasets) + 1]] <- list(scores = c(1, 1, 1, 1, 1), labels = c(1L, 0L, 1L, 0L, 0L))

# -- PRROC --------------------------------------------------------------------------------
prroc_cases <- c()
pr_record <- function(args, curve = FALSE) {
  pr <- do.call(pr.curve, c(args, list(curve = curve)))
  roc <- do.call(roc.curve, c(args, list(curve = curve)))
  fields <- list(
    scores_class0 = vec(args$scores.class0),
    scores_class1 = if (is.null(args$scores.class1)) "null" else vec(args$scores.class1),
    weights_class0 = if (is.null(args$weights.class0)) "null" else vec(args$weights.class0),
    weights_class1 = if (is.null(args$weights.class1)) "null" else vec(args$weights.class1),
    roc_auc = num(roc$auc), auc_integral = num(pr$auc.integral),
    auc_davis_goadrich = num(pr$auc.davis.goadrich)
  )
  if (curve) {
    fields$pr_curve <- mat(pr$curve)
    fields$roc_curve <- mat(roc$curve)
  }
  do.call(obj, fields)
}
for (d in datasets) {
  pos <- d$scores[d$labels == 1]
  neg <- d$scores[d$labels == 0]
  prroc_cases <- c(prroc_cases, pr_record(list(scores.class0 = pos, scores.class1 = neg),
                                          curve = length(d$scores) <= 40))
  # Soft labels: weights in [0, 1] (two decimals, and multiples of 1/8), and 0/1 weights.
  w <- round(runif(length(d$scores)), 2)
  prroc_cases <- c(prroc_cases, pr_record(list(scores.class0 = d$scores, weights.class0 = w),
                                          curve = length(d$scores) <= 40))
  w8 <- sample(0:8, length(d$scores), replace = TRUE) / 8
  prroc_cases <- c(prroc_cases, pr_record(list(scores.class0 = d$scores, weights.class0 = w8)))
  prroc_cases <- c(prroc_cases, pr_record(list(scores.class0 = d$scores,
                                               weights.class0 = as.numeric(d$labels))))
}
d <- datasets[[3]]
w <- round(runif(length(d$scores)), 2)
# weights.class1 given; scores.class1 given equal to scores.class0 (R's lazy default quirk);
# the same vector twice (Davis-Goadrich NA).
prroc_cases <- c(prroc_cases,
  pr_record(list(scores.class0 = d$scores, weights.class0 = w, weights.class1 = rev(w))),
  pr_record(list(scores.class0 = d$scores, scores.class1 = d$scores, weights.class0 = w)),
  pr_record(list(scores.class0 = d$scores, scores.class1 = d$scores), curve = TRUE),
  pr_record(list(scores.class0 = d$scores)))

# -- pROC ---------------------------------------------------------------------------------
proc_cases <- c()
for (i in seq_along(datasets)) {
  d <- datasets[[i]]
  for (direction in c("auto", "<", ">")) {
    for (pa in list(FALSE, c(1, 0.8), c(0.9, 0.5), c(0.95, 0.05))) {
      for (focus in c("specificity", "sensitivity")) {
        for (correct in c(FALSE, TRUE)) {
          if (identical(pa, FALSE) && (focus == "sensitivity" || correct)) next
          value <- suppressWarnings(suppressMessages(pROC::auc(d$labels, d$scores,
            direction = direction, partial.auc = pa, partial.auc.focus = focus,
            partial.auc.correct = correct, quiet = TRUE)))
          proc_cases <- c(proc_cases, obj(
            dataset = num(i - 1), direction = str(direction),
            partial_auc = if (identical(pa, FALSE)) "false" else vec(pa),
            partial_auc_focus = str(focus), partial_auc_correct = tolower(correct),
            auc = num(as.numeric(value))))
        }
      }
    }
  }
}
proc_roc <- c()
for (i in c(1, 2, 12, 13, 14)) {
  d <- datasets[[i]]
  for (direction in c("<", ">")) {
    r <- pROC::roc(d$labels, d$scores, direction = direction, quiet = TRUE)
    proc_roc <- c(proc_roc, obj(dataset = num(i - 1),
      direction = str(direction), thresholds = vec(r$thresholds),
      sensitivities = vec(r$sensitivities), specificities = vec(r$specificities),
      auc = num(as.numeric(r$auc))))
  }
}

# -- ROCR ---------------------------------------------------------------------------------
rocr_cases <- c()
for (i in seq_along(datasets)) {
  d <- datasets[[i]]
  p <- prediction(d$scores, d$labels)
  stops <- c(1, 0.1, 0.25, 0.5)
  parts <- vapply(stops, function(s) performance(p, "auc", fpr.stop = s)@y.values[[1]], 0)
  rocr_cases <- c(rocr_cases, obj(dataset = num(i - 1),
    fpr_stop = vec(stops), auc = vec(parts),
    aucpr = num(performance(p, "aucpr")@y.values[[1]])))
}

# -- precrec ------------------------------------------------------------------------------
precrec_cases <- c()
for (i in seq_along(datasets)) {
  d <- datasets[[i]]
  for (opt in list(list(x_bins = 1000), list(x_bins = 0), list(x_bins = 7),
                   list(x_bins = 1000, interpolate = FALSE))) {
    a <- do.call(evalmod, c(list(scores = d$scores, labels = d$labels), opt))
    aucs <- precrec::auc(a)
    precrec_cases <- c(precrec_cases, obj(dataset = num(i - 1),
      x_bins = num(opt$x_bins),
      interpolate = if (is.null(opt$interpolate)) "true" else tolower(opt$interpolate),
      roc = num(aucs$aucs[aucs$curvetypes == "ROC"]),
      prc = num(aucs$aucs[aucs$curvetypes == "PRC"])))
  }
}

versions <- obj(
  R = str(paste(R.version$major, R.version$minor, sep = ".")),
  PRROC = str(as.character(packageVersion("PRROC"))),
  pROC = str(as.character(packageVersion("pROC"))),
  ROCR = str(as.character(packageVersion("ROCR"))),
  precrec = str(as.character(packageVersion("precrec")))
)
json <- paste0(
  "{", str("command"), ":", str("Rscript scripts/record_r_tools.R"), ",\n",
  str("versions"), ":", versions, ",\n",
  str("datasets"), ":", arr(vapply(datasets, function(d) obj(scores = vec(d$scores),
    labels = vec(d$labels)), "")), ",\n",
  str("prroc"), ":", arr(prroc_cases), ",\n",
  str("proc"), ":", arr(proc_cases), ",\n",
  str("proc_roc"), ":", arr(proc_roc), ",\n",
  str("rocr"), ":", arr(rocr_cases), ",\n",
  str("precrec"), ":", arr(precrec_cases), "\n}\n"
)
writeLines(json, out_path, sep = "")
cat("wrote", out_path, "\n")
