# Record what PRROC, pROC, ROCR and precrec return on every case of their twin vectors
# (vectors/twins/{prroc,proc,rocr,precrec}.json) as RESULTS files for
# `rocpr-exact check --profile TOOL` (tests/data/TOOL_vector_results.json).
#
# Each case is the call the vector file names, its arguments read back in R: a float's
# text with as.numeric (correctly rounded: the same double), null as NA, names with dots
# for underscores.  A value is written with 17 significant digits as a string (read exactly
# by the checker; from 1e4 up the double's exact decimal), NA / NaN as null, an R error as {"error": message}.  Run from the
# repository root with R, jsonlite and the four packages installed (or name the tools to
# record, e.g. `proc`, with only their packages installed):
#
#     Rscript scripts/record_r_twin_vectors.R [TOOL ...]
#
# pROC's DeLong functions (var, ci_auc, cov, roc_test) build the curves with
# roc(response, predictor, direction) and call var(r), ci.auc(r, conf.level),
# cov(r1, r2, method = "delong") and roc.test(r1, r2, method = "delong", paired, conf.level).

all_tools <- c("prroc", "proc", "rocr", "precrec")
tools <- commandArgs(trailingOnly = TRUE)
if (length(tools) == 0) tools <- all_tools
stopifnot(all(tools %in% all_tools))
packages <- c(prroc = "PRROC", proc = "pROC", rocr = "ROCR", precrec = "precrec")
suppressPackageStartupMessages({
  library(jsonlite)
  for (p in packages[tools]) library(p, character.only = TRUE)
})

float_text <- "^(-?([0-9]+(\\.[0-9]+)?(e[-+]?[0-9]+)?|inf)|nan)$"

value <- function(x) {
  # one JSON argument as R sees it: a vector of numbers, strings or logicals
  if (is.list(x)) {
    items <- lapply(x, function(v) if (is.null(v)) NA else value(v))
    return(unlist(items))
  }
  if (is.character(x) && grepl(float_text, x)) {
    return(if (x == "nan") NaN else as.numeric(sub("inf", "Inf", x)))
  }
  x
}

num <- function(x) {
  if (length(x) != 1 || is.na(x)) return(NULL)
  if (is.infinite(x)) return(if (x > 0) "inf" else "-inf")
  # 17 digits read back to the same double; from 1e4 up, the double's exact decimal (so that
  # pROC's thresholds near 1e100 or the largest double check within an absolute tolerance)
  if (abs(x) >= 1e4) sprintf("%.800g", x) else sprintf("%.17g", x)
}

arguments <- function(case, dots) {
  args <- c(case$input, case$parameters)
  out <- lapply(args, value)
  if (dots) names(out) <- gsub("_", ".", names(out))
  out
}

proc_delong <- function(f, args) {
  direction <- if (is.null(args$direction)) "auto" else args$direction
  r1 <- pROC::roc(args$response, args$predictor, direction = direction, quiet = TRUE)
  if (f == "var") return(num(var(r1)))
  if (f == "ci_auc") {
    level <- if (is.null(args$conf.level)) 0.95 else args$conf.level
    return(lapply(as.numeric(ci.auc(r1, conf.level = level, method = "delong")), num))
  }
  response2 <- if (is.null(args$response2)) args$response else args$response2
  r2 <- pROC::roc(response2, args$predictor2, direction = direction, quiet = TRUE)
  if (f == "cov") return(num(cov(r1, r2, method = "delong")))
  level <- if (is.null(args$conf.level)) 0.95 else args$conf.level
  t <- roc.test(r1, r2, method = "delong", paired = args$paired, conf.level = level)
  if (is.null(t$conf.int)) return(list(num(t$statistic), num(t$p.value), num(t$parameter)))
  list(num(t$statistic), num(t$p.value), num(t$conf.int[1]), num(t$conf.int[2]))
}

call_tool <- function(tool, case) {
  f <- case[["function"]]
  if (tool == "prroc") {
    args <- arguments(case, TRUE)
    if (f == "roc_curve") return(num(do.call(roc.curve, args)$auc))
    r <- do.call(pr.curve, args)
    return(list(num(r$auc.integral), num(r$auc.davis.goadrich)))
  }
  if (tool == "proc") {
    args <- arguments(case, TRUE)
    if (!is.null(args$partial.auc) && identical(args$partial.auc, FALSE)) args$partial.auc <- FALSE
    if (f %in% c("var", "ci_auc", "cov", "roc_test")) return(proc_delong(f, args))
    if (f == "roc") {
      r <- do.call(pROC::roc, c(args, list(quiet = TRUE)))
      coords <- list(r$thresholds, r$sensitivities, r$specificities)
      return(lapply(coords, function(x) lapply(x, num)))
    }
    return(num(as.numeric(do.call(pROC::auc, c(args, list(quiet = TRUE))))))
  }
  if (tool == "rocr") {
    args <- arguments(case, TRUE)
    pred <- prediction(args$predictions, args$labels, label.ordering = args$label.ordering)
    if (f == "auc") {
      stop <- if (is.null(args$fpr.stop)) 1 else args$fpr.stop
      return(num(performance(pred, "auc", fpr.stop = stop)@y.values[[1]]))
    }
    return(num(performance(pred, "aucpr")@y.values[[1]]))
  }
  args <- arguments(case, FALSE)  # precrec: x_bins and posclass as they are
  a <- auc(do.call(evalmod, args))
  list(num(a$aucs[a$curvetypes == "ROC"]), num(a$aucs[a$curvetypes == "PRC"]))
}

for (tool in tools) {
  versions <- sprintf("R %s, %s %s", getRversion(), packages[[tool]],
                      packageVersion(packages[[tool]]))
  vectors <- fromJSON(file.path("vectors", "twins", paste0(tool, ".json")), simplifyVector = FALSE)
  results <- list()
  for (group in vectors$testGroups) {
    for (case in group$tests) {
      got <- tryCatch(
        suppressWarnings(call_tool(tool, case)),
        error = function(e) list(error = paste("R error:", conditionMessage(e)))
      )
      results[[as.character(case$tcId)]] <- if (is.null(got)) NA else got
    }
  }
  out <- list(
    implementation = paste0(versions, ", recorded by scripts/record_r_twin_vectors.R"),
    results = results
  )
  path <- file.path("tests", "data", paste0(tool, "_vector_results.json"))
  writeLines(toJSON(out, auto_unbox = TRUE, null = "null", na = "null", pretty = TRUE), path)
  cat(length(results), "results written to", path, "\n")
}
