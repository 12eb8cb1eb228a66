(* Print the axioms every main theorem rests on; proofs/test_coq.py checks that only the
   standard library's axioms of the reals appear (and that nothing else is assumed). *)
From RocPr Require Import Paths Theorem31 Theorem32 Hull HullSpec HullHalfplane Corollary31 Interpolation AucMannWhitney FixedPoint Decimal ClosedForm.
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
Print Assumptions FixedPoint.floored_sum_bounds.
Print Assumptions FixedPoint.enclose_bounds.
Print Assumptions FixedPoint.term_total_exact.
Print Assumptions FixedPoint.scaled_sum_is_floored_sum.
Print Assumptions FixedPoint.limb_no_overflow.
Print Assumptions FixedPoint.first_no_overflow.
Print Assumptions FixedPoint.enough_limbs.
Print Assumptions FixedPoint.chunk_sum_bound.
Print Assumptions FixedPoint.split_31.
Print Assumptions Decimal.rne_nearest.
Print Assumptions Decimal.rne_monotone.
Print Assumptions Decimal.certified_decimal_rule.
Print Assumptions Decimal.certified_sign_rule.
Print Assumptions ClosedForm.continuous_area_closed_form.
Print Assumptions HullHalfplane.upper_hull_halfplane.
Print Assumptions Corollary31.corollary_3_1_curves.
Print Assumptions AucMannWhitney.auc_numerator2_is_twice_u.
Print Assumptions FixedPoint.fixed_enclosure_bounds.
