(* Extract the proved hull algorithm (Hull.upper_hull) to OCaml.  Z is extracted as Coq's own
   binary integers (no mapping to machine integers), so the program computes exactly what was
   proved; extraction/hull_main.ml only converts decimal text to and from those integers. *)
From Coq Require Import Extraction ExtrOcamlBasic.
From RocPr Require Import Hull.
Extraction Language OCaml.
Extraction "extraction/hull.ml" upper_hull.
