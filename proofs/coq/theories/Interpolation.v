(** Section 4 of Davis & Goadrich (2006): interpolation between two points of a PR curve.
    A ROC segment A -> B in count space with TP_B > TP_A has local skew
    s = (FP_B - FP_A)/(TP_B - TP_A) >= 0.  For every x in [0, TP_B - TP_A] the interpolated point
    (FP_A + s x, TP_A + x) lies on the segment (parameter l = x/(TP_B - TP_A) in [0, 1]), every
    point of the segment at TP = t has FP = FP_A + s (t - TP_A), so its precision is the paper's
    t / (t + FP_A + s (t - TP_A)) = t / (k t + c) with k = 1 + s, c = FP_A - s TP_A; and
    t / (k t + c) is convex in t where c <= 0 and concave where c >= 0, so straight lines between
    PR points over-estimate the curve exactly when c < 0 (under-estimate when c > 0).
    Python: rocpr_exact/core/segment.py (local_skew, Segment), geometry/interpolation.py
    (interpolate_pr), Curve.precision_at, areas/auc.py (auc_pr davis-goadrich, linear). *)
From Coq Require Import Reals Lra.
From RocPr Require Import Paths Theorem32.
Open Scope R_scope.

Section Segment.
  Variables fa ta fb tb : R.
  Hypothesis Hrise : ta < tb.
  Hypothesis Hfp : fa <= fb.

  Definition skew : R := (fb - fa) / (tb - ta).
  Definition interpolated (x : R) : pt := (fa + skew * x, ta + x).

  Lemma skew_nonneg : 0 <= skew.
  Proof. unfold skew, Rdiv; apply Rmult_le_pos; [lra|left; apply Rinv_0_lt_compat; lra]. Qed.

  Theorem interpolated_on_segment : forall x, 0 <= x <= tb - ta ->
    exists l, 0 <= l <= 1 /\ interpolated x = lerp (fa, ta) (fb, tb) l.
  Proof.
    intros x Hx. exists (x / (tb - ta)). split.
    - split; unfold Rdiv.
      + apply Rmult_le_pos; [lra|left; apply Rinv_0_lt_compat; lra].
      + apply Rmult_le_reg_r with (tb - ta); [lra|].
        rewrite Rmult_assoc, Rinv_l; lra.
    - unfold interpolated, lerp, skew; simpl. f_equal; field; lra.
  Qed.

  (** Every point of the segment at TP = t is the interpolated point at x = t - TP_A. *)
  Theorem segment_point_is_interpolated : forall l q, 0 <= l <= 1 ->
    q = lerp (fa, ta) (fb, tb) l -> q = interpolated (snd q - ta).
  Proof.
    intros l q Hl ->. unfold interpolated, lerp, skew; simpl. f_equal; field; lra.
  Qed.

  Definition k_coef : R := 1 + skew.
  Definition c_coef : R := fa - skew * ta.

  (** The paper's precision formula, and its form t / (k t + c). *)
  Theorem interpolated_precision : forall x,
    precision_of (interpolated x) = (ta + x) / (ta + x + fa + skew * x) /\
    precision_of (interpolated x) = (ta + x) / (k_coef * (ta + x) + c_coef).
  Proof.
    intros x; unfold precision_of, interpolated, k_coef, c_coef; simpl; split.
    - f_equal; ring.
    - f_equal; ring.
  Qed.
End Segment.

(** * Convexity of t / (k t + c) *)

Definition prec_fn (k c t : R) : R := t / (k * t + c).

Lemma prec_fn_split : forall k c t, 0 < k -> 0 < k * t + c ->
  prec_fn k c t = / k - (c / k) * / (k * t + c).
Proof. intros k c t Hk Hu; unfold prec_fn; field; lra. Qed.

(** 1/u is convex on u > 0. *)
Lemma inv_convex : forall u v m, 0 < u -> 0 < v -> 0 <= m <= 1 ->
  / (m * u + (1 - m) * v) <= m * / u + (1 - m) * / v.
Proof.
  intros u v m Hu Hv Hm.
  assert (Hw : 0 < m * u + (1 - m) * v).
  { assert (0 <= m * u) by (apply Rmult_le_pos; lra).
    destruct (Req_dec m 1) as [->|]; [lra|].
    assert (0 < (1 - m) * v) by (apply Rmult_lt_0_compat; lra). lra. }
  remember (m * u + (1 - m) * v) as w eqn:Ew.
  assert (E : m * / u + (1 - m) * / v - / w = m * (1 - m) * (u - v) * (u - v) / (u * v * w))
    by (rewrite Ew; field; repeat split; lra).
  assert (0 <= m * (1 - m) * (u - v) * (u - v) / (u * v * w)); [|lra].
  unfold Rdiv; apply Rmult_le_pos.
  - replace (m * (1 - m) * (u - v) * (u - v)) with ((m * (1 - m)) * ((u - v) * (u - v))) by ring.
    apply Rmult_le_pos; [apply Rmult_le_pos; lra|pose proof (Rle_0_sqr (u - v)); unfold Rsqr in *; lra].
  - left; apply Rinv_0_lt_compat. apply Rmult_lt_0_compat; [apply Rmult_lt_0_compat; lra|rewrite Ew; lra].
Qed.

Definition convex_on (f : R -> R) (a b : R) : Prop :=
  forall x y m, a <= x <= b -> a <= y <= b -> 0 <= m <= 1 ->
    f (m * x + (1 - m) * y) <= m * f x + (1 - m) * f y.

Definition concave_on (f : R -> R) (a b : R) : Prop :=
  forall x y m, a <= x <= b -> a <= y <= b -> 0 <= m <= 1 ->
    m * f x + (1 - m) * f y <= f (m * x + (1 - m) * y).

Theorem precision_convex : forall k c a b, 0 < k -> c <= 0 -> 0 < k * a + c ->
  convex_on (prec_fn k c) a b.
Proof.
  intros k c a b Hk Hc Ha x y m Hx Hy Hm.
  assert (Ux : 0 < k * x + c) by (assert (k * a <= k * x) by (apply Rmult_le_compat_l; lra); lra).
  assert (Uy : 0 < k * y + c) by (assert (k * a <= k * y) by (apply Rmult_le_compat_l; lra); lra).
  assert (Um : 0 < k * (m * x + (1 - m) * y) + c).
  { assert (m * a <= m * x) by (apply Rmult_le_compat_l; lra).
    assert ((1 - m) * a <= (1 - m) * y) by (apply Rmult_le_compat_l; lra).
    assert (k * a <= k * (m * x + (1 - m) * y)) by (apply Rmult_le_compat_l; lra). lra. }
  rewrite !prec_fn_split; auto.
  pose proof (inv_convex (k * x + c) (k * y + c) m Ux Uy Hm) as H.
  replace (m * (k * x + c) + (1 - m) * (k * y + c)) with (k * (m * x + (1 - m) * y) + c) in H
    by ring.
  assert (Hck : 0 <= - (c / k)) by (unfold Rdiv; assert (0 < / k) by (apply Rinv_0_lt_compat; lra); nra).
  nra.
Qed.

Theorem precision_concave : forall k c a b, 0 < k -> 0 <= c -> 0 < k * a + c ->
  concave_on (prec_fn k c) a b.
Proof.
  intros k c a b Hk Hc Ha x y m Hx Hy Hm.
  assert (Ux : 0 < k * x + c) by (assert (k * a <= k * x) by (apply Rmult_le_compat_l; lra); lra).
  assert (Uy : 0 < k * y + c) by (assert (k * a <= k * y) by (apply Rmult_le_compat_l; lra); lra).
  assert (Um : 0 < k * (m * x + (1 - m) * y) + c).
  { assert (m * a <= m * x) by (apply Rmult_le_compat_l; lra).
    assert ((1 - m) * a <= (1 - m) * y) by (apply Rmult_le_compat_l; lra).
    assert (k * a <= k * (m * x + (1 - m) * y)) by (apply Rmult_le_compat_l; lra). lra. }
  rewrite !prec_fn_split; auto.
  pose proof (inv_convex (k * x + c) (k * y + c) m Ux Uy Hm) as H.
  replace (m * (k * x + c) + (1 - m) * (k * y + c)) with (k * (m * x + (1 - m) * y) + c) in H
    by ring.
  assert (Hck : 0 <= c / k) by (unfold Rdiv; assert (0 < / k) by (apply Rinv_0_lt_compat; lra); nra).
  nra.
Qed.

(** Monotonicity by the sign of c: for x < y in the domain, f x < f y iff c > 0. *)
Theorem precision_monotone : forall k c x y, 0 < k -> 0 < k * x + c -> x < y ->
  (prec_fn k c x < prec_fn k c y <-> 0 < c) /\ (prec_fn k c x = prec_fn k c y <-> c = 0).
Proof.
  intros k c x y Hk Hx Hxy.
  assert (Hy : 0 < k * y + c) by nra.
  assert (E : prec_fn k c y - prec_fn k c x = c * (y - x) / ((k * x + c) * (k * y + c)))
    by (unfold prec_fn; field; lra).
  assert (Hd : 0 < / ((k * x + c) * (k * y + c)))
    by (apply Rinv_0_lt_compat, Rmult_lt_0_compat; lra).
  unfold Rdiv in E.
  split; split; intros H.
  - assert (0 < c * (y - x) * / ((k * x + c) * (k * y + c))) by lra.
    destruct (Rlt_or_le 0 c) as [|Hc]; auto.
    assert (c * (y - x) <= 0) by nra. nra.
  - assert (0 < c * (y - x)) by nra. nra.
  - assert (c * (y - x) * / ((k * x + c) * (k * y + c)) = 0) by lra.
    destruct (Rmult_integral _ _ H0) as [H1|H1]; [|lra].
    destruct (Rmult_integral _ _ H1); lra.
  - subst. lra.
Qed.
