(* Print the axioms every main theorem rests on; proofs/test_coq.py checks that only the
   standard library's axioms of the reals appear (and that nothing else is assumed). *)
From RocPr Require Import Paths Theorem31 Theorem32 Hull HullSpec Interpolation AucMannWhitney.
Print Assumptions Theorem31.theorem_3_1_roc.
Print Assumptions Theorem31.theorem_3_1_pr.
Print Assumptions Theorem31.theorem_3_1_recall_zero_not_injective.
Print Assumptions Theorem32.theorem_3_2.
Print Assumptions Theorem32.below_roc_iff_below_pr.
Print Assumptions HullSpec.upper_hull_spec.
Print Assumptions HullSpec.hull_is_roc_curve_above_points.
Print Assumptions HullSpec.corollary_3_1.
Print Assumptions Interpolation.interpolated_on_segment.
Print Assumptions Interpolation.segment_point_is_interpolated.
Print Assumptions Interpolation.interpolated_precision.
Print Assumptions Interpolation.precision_convex.
Print Assumptions Interpolation.precision_concave.
Print Assumptions Interpolation.precision_monotone.
Print Assumptions AucMannWhitney.auc_equals_mann_whitney.
