(* Extract the proved hull algorithm (Hull.upper_hull), twice the AUC numerator
   (AucMannWhitney.auc_numerator2) and the certificate checker's decisions (CheckGrid.check,
   CheckAggregate.check_aggregate, with CheckAggregate.stratified's folds) to OCaml.  Z is
   extracted as Coq's own binary integers (no mapping to machine integers), so the program
   computes exactly what was proved; extraction/hull_main.ml, auc_main.ml and check_main.ml
   only convert text (decimal integers, a certificate's JSON) to and from those types. *)
From Coq Require Import Extraction ExtrOcamlBasic.
From RocPr Require Import Hull AucMannWhitney CheckGrid CheckAggregate.
Extraction Language OCaml.
Extraction "extraction/proved.ml" upper_hull auc_numerator2 CheckGrid.check
  CheckAggregate.check_aggregate CheckAggregate.stratified.
