(* Extract the proved hull algorithm (Hull.upper_hull) and twice the AUC numerator
   (AucMannWhitney.auc_numerator2) to OCaml.  Z is extracted as Coq's own
   binary integers (no mapping to machine integers), so the program computes exactly what was
   proved; extraction/hull_main.ml and auc_main.ml only convert decimal text to and from those integers. *)
From Coq Require Import Extraction ExtrOcamlBasic.
From RocPr Require Import Hull AucMannWhitney.
Extraction Language OCaml.
Extraction "extraction/proved.ml" upper_hull auc_numerator2.
