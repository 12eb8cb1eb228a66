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
