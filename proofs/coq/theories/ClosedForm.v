(** The closed form of the continuous area under one PR segment (docs/design.md, "Areas",
    continuous; proofs/proof_closed_form.py), with Coquelicot's Riemann integral: on a segment
    with k = 1 + s > 0 and c = FP_A - s TP_A, precision at recall r is rP / (k r P + c), and its
    integral over recall from TP_A/P to TP_B/P is F(TP_B) - F(TP_A) with
    F(t) = (1/P) [t/k - (c/k^2) ln(k t + c)], whenever k t + c > 0 on the segment (true for
    TP > 0 or FP > 0).  Python: rocpr_exact/exact/closedform.py (ClosedForm), areas/auc.py
    (auc_pr "continuous"), areas/continuous.py. *)
From Coq Require Import Reals Lra.
From Coquelicot Require Import Coquelicot.
Open Scope R_scope.

Definition precision_at (P k c r : R) : R := r * P / (k * r * P + c).
Definition antiderivative (P k c t : R) : R := / P * (t / k - c / (k * k) * ln (k * t + c)).

Theorem continuous_area_closed_form : forall P k c ta tb, 0 < P -> 0 < k -> ta <= tb ->
  0 < k * ta + c ->
  is_RInt (precision_at P k c) (ta / P) (tb / P)
    (antiderivative P k c tb - antiderivative P k c ta).
Proof.
  intros P k c ta tb HP Hk Hab Hpos.
  set (F := fun r => antiderivative P k c (r * P)).
  replace (antiderivative P k c tb - antiderivative P k c ta) with (F (tb / P) - F (ta / P))
    by (unfold F; f_equal; f_equal; field; lra).
  assert (Hle : ta / P <= tb / P) by (unfold Rdiv; apply Rmult_le_compat_r; [left; apply Rinv_0_lt_compat|]; lra).
  assert (Hin : forall x, Rmin (ta / P) (tb / P) <= x <= Rmax (ta / P) (tb / P) -> 0 < k * x * P + c).
  { intros x Hx. rewrite Rmin_left, Rmax_right in Hx by lra.
    assert (ta <= x * P).
    { replace ta with (ta / P * P) by (field; lra). apply Rmult_le_compat_r; lra. }
    assert (k * ta <= k * (x * P)) by (apply Rmult_le_compat_l; lra). nra. }
  apply (is_RInt_derive F (precision_at P k c)).
  - intros x Hx. specialize (Hin x Hx). unfold F, antiderivative, precision_at.
    auto_derive.
    + replace (k * (x * P) + c) with (k * x * P + c) by ring. exact Hin.
    + replace (k * (x * P) + c) with (k * x * P + c) by ring. field. lra.
  - intros x Hx. specialize (Hin x Hx). unfold precision_at.
    apply (ex_derive_continuous (fun r => r * P / (k * r * P + c))).
    auto_derive. lra.
Qed.

(** The segments [continuous_area_closed_form] leaves out: c = 0, in particular every curve's
    first segment when it starts at the origin (TP_A = FP_A = 0; a tie group of positives and
    negatives at the top of the ranking).  There precision is the constant 1/k on (0, tb/P]
    (at r = 0 it is 0/0, 0 in Coq's reals; one point does not change the integral), and the
    closed form is (tb - ta)/(P k): the log term has coefficient c / k^2 = 0. *)
Theorem continuous_area_closed_form_through_origin : forall P k ta tb, 0 < P -> 0 < k ->
  0 <= ta <= tb ->
  is_RInt (precision_at P k 0) (ta / P) (tb / P)
    (antiderivative P k 0 tb - antiderivative P k 0 ta).
Proof.
  intros P k ta tb HP Hk [H0 Hab].
  assert (Hle : ta / P <= tb / P) by (unfold Rdiv; apply Rmult_le_compat_r; [left; apply Rinv_0_lt_compat|]; lra).
  assert (H0P : 0 <= ta / P) by (unfold Rdiv; apply Rmult_le_pos; [lra | left; apply Rinv_0_lt_compat; lra]).
  apply (is_RInt_ext (fun _ => / k)).
  - intros x Hx. rewrite Rmin_left, Rmax_right in Hx by lra.
    change (@eq R (/ k) (precision_at P k 0 x)). unfold precision_at.
    field. split; [lra|]. split; [|lra]. nra.
  - pose proof (is_RInt_const (V := R_NormedModule) (ta / P) (tb / P) (/ k)) as Hc.
    replace (antiderivative P k 0 tb - antiderivative P k 0 ta) with ((tb / P - ta / P) * / k).
    + exact Hc.
    + unfold antiderivative. field. lra.
Qed.

(** Every segment A -> B of a curve with dTP > 0, from its counts (TP_A, FP_A >= 0, dFP >= 0),
    over any [a, b] with TP_A <= a <= b (the whole segment, or the part above a recall floor, as
    areas/continuous.py integrates it): k = (dTP + dFP)/dTP, c = (FP_A dTP - dFP TP_A)/dTP.
    Here k a + c = k (a - TP_A) + TP_A + FP_A, positive unless A is the origin, where c = 0. *)
Theorem continuous_area_closed_form_segment : forall P tpa fpa dtp dfp a b,
  0 < P -> 0 <= tpa -> 0 <= fpa -> 0 < dtp -> 0 <= dfp -> tpa <= a <= b ->
  let k := (dtp + dfp) / dtp in let c := (fpa * dtp - dfp * tpa) / dtp in
  is_RInt (precision_at P k c) (a / P) (b / P) (antiderivative P k c b - antiderivative P k c a).
Proof.
  intros P tpa fpa dtp dfp a b HP Htp Hfp Hd Hdf [Ha Hab] k c.
  assert (Hk : 0 < k) by (unfold k; apply Rdiv_lt_0_compat; lra).
  assert (Hkc : k * a + c = k * (a - tpa) + (tpa + fpa)) by (unfold k, c; field; lra).
  destruct (Rlt_or_le 0 (tpa + fpa)) as [Hpos | Hzero].
  - apply continuous_area_closed_form; try lra.
    rewrite Hkc. assert (0 <= k * (a - tpa)) by (apply Rmult_le_pos; lra). lra.
  - assert (Hc : c = 0) by (unfold c; replace tpa with 0 by lra; replace fpa with 0 by lra; field; lra).
    rewrite Hc. apply continuous_area_closed_form_through_origin; lra.
Qed.
