# Record what PRROC 1.4 returns on one-class input (tests/data/prroc_one_class_recorded.json).
#
# tests/profiles/test_prroc_one_class.py checks the twins (rocpr_exact.profiles.prroc) against
# this file without R.  PRROC is not in Debian: install its CRAN source into a temporary
# library (fetch github:cran/PRROC, version 1.4, or download the CRAN tarball), then run
# from the repository root:
#
#     R CMD INSTALL -l /tmp/prroc-lib PRROC/
#     R_LIBS=/tmp/prroc-lib Rscript scripts/record_prroc_one_class.R
#
# Per case: roc.curve(...)$auc and pr.curve(...)$auc.integral, $auc.davis.goadrich, as 17
# significant digits, "NaN" for NaN, null for NA; "warnings" lists every R warning raised.

suppressPackageStartupMessages(library(PRROC))
out_path <- file.path("tests", "data", "prroc_one_class_recorded.json")

num <- function(x) {
  if (is.nan(x)) return("\"NaN\"")
  if (is.na(x)) return("null")
  sprintf("%.17g", x)
}
vec <- function(x) if (is.null(x)) "null" else paste0("[", paste(sprintf("%.17g", x), collapse = ","), "]")

said <- character(0)
run <- function(expr) withCallingHandlers(expr, warning = function(w) {
  said <<- c(said, conditionMessage(w))
  invokeRestart("muffleWarning")
})

s <- c(0.2, 0.6, 0.6, 0.9)
cases <- list(
  list(scores_class0 = s, scores_class1 = numeric(0)),  # no negative
  list(scores_class0 = numeric(0), scores_class1 = s),  # no positive
  list(scores_class0 = s, weights_class0 = c(0, 0, 0, 0)),  # no positive weight
  list(scores_class0 = s, weights_class0 = c(1, 1, 1, 1)),  # no negative weight
  list(scores_class0 = s, scores_class1 = s, weights_class0 = c(0, 0, 0, 0),
       weights_class1 = c(0.5, 1, 0.25, 1)),  # no positive weight, soft negatives
  list(scores_class0 = s, scores_class1 = s, weights_class0 = c(0.5, 1, 0.25, 1),
       weights_class1 = c(0, 0, 0, 0))  # no negative weight, soft positives
)
call <- function(f, a) do.call(f, setNames(a, gsub("_", ".", names(a))))  # given arguments only
lines <- character(0)
for (a in cases) {
  said <- character(0)
  roc <- run(call(roc.curve, a))
  pr <- run(call(pr.curve, a))
  args <- sprintf("{\"scores_class0\":%s,\"scores_class1\":%s,\"weights_class0\":%s,\"weights_class1\":%s}",
                  vec(a$scores_class0), vec(a$scores_class1), vec(a$weights_class0), vec(a$weights_class1))
  warned <- paste0("[", paste(sprintf("\"%s\"", said), collapse = ","), "]")
  lines <- c(lines, sprintf(
    "{\"arguments\":%s,\"roc_auc\":%s,\"auc_integral\":%s,\"auc_davis_goadrich\":%s,\"warnings\":%s}",
    args, num(roc$auc), num(pr$auc.integral), num(pr$auc.davis.goadrich),
    if (length(said)) warned else "[]"))
}
json <- paste0(
  "{\n \"command\": \"Rscript scripts/record_prroc_one_class.R\",\n",
  " \"date\": \"", format(Sys.Date()), "\",\n",
  " \"versions\": {\"PRROC\": \"", as.character(packageVersion("PRROC")), "\", \"R\": \"",
  paste(R.version$major, R.version$minor, sep = "."), "\"},\n",
  " \"cases\": [\n", paste(lines, collapse = ",\n"), "\n ]\n}\n")
writeLines(json, out_path, sep = "")
cat(out_path, ":", length(lines), "cases\n")
