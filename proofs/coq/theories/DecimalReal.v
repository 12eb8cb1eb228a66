(** The decimal and sign rules of rocpr_exact/exact/certify.py for a *real* value, as the code
    uses them: certified_decimal and certified_sign enclose a value rational + sum c ln a (in
    general irrational) between lo / 2^F and hi / 2^F, and print the rounding of the ends when
    they agree.  Decimal.v proves this for a rational n/d; here the value is any real x, so the
    log part is covered.  "Correctly rounded to k digits, ties to even" is stated for reals:
    |x 10^k - q| <= 1/2, and q even where it is exactly 1/2; it has one answer, and for a
    rational it is round_scaled (fraction_to_decimal). *)
From Coq Require Import ZArith Lia Reals Lra.
From RocPr Require Import Decimal.
Open Scope R_scope.

Definition correctly_rounded (x : R) (k : nat) (q : Z) : Prop :=
  Rabs (x * 10 ^ k - IZR q) <= / 2 /\ (Rabs (x * 10 ^ k - IZR q) = / 2 -> Z.even q = true).

Lemma abs_half : forall y, Rabs y <= / 2 <-> - / 2 <= y <= / 2.
Proof. intros y; unfold Rabs; destruct (Rcase_abs y); split; intros; lra. Qed.

Lemma abs_is_half : forall y, Rabs y = / 2 <-> y = / 2 \/ y = - / 2.
Proof. intros y; unfold Rabs; destruct (Rcase_abs y); split; intros H; lra. Qed.

(** Exactly half away from rne m d: it is even (Decimal.rne_tie_even, from either side). *)
Lemma rne_tie_is_even : forall m d, (0 < d)%Z ->
  Z.abs (2 * (m - d * rne m d)) = d -> Z.even (rne m d) = true.
Proof.
  intros m d Hd Ht. set (q := rne m d) in *.
  destruct (Z.abs_eq_or_opp (2 * (m - d * q))) as [E|E]; rewrite E in Ht.
  - pose proof (rne_tie_even m d q Hd ltac:(lia)) as T. fold q in T.
    destruct (Z.even q); [reflexivity | lia].
  - pose proof (rne_tie_even m d (q - 1) Hd ltac:(lia)) as T. fold q in T.
    destruct (Z.even (q - 1)) eqn:Ev; [lia|].
    replace (q - 1)%Z with (Z.pred q) in Ev by lia. rewrite Z.even_pred in Ev.
    rewrite <- Z.negb_odd, Ev. reflexivity.
Qed.

(** For a rational n/d the code's rounding is the correct one. *)
Theorem round_scaled_correct : forall n d k, (0 < d)%Z ->
  correctly_rounded (IZR n / IZR d) k (round_scaled n d k).
Proof.
  intros n d k Hd. rewrite round_scaled_rne.
  set (m := (n * 10 ^ Z.of_nat k)%Z). set (q := rne m d).
  pose proof (rne_nearest m d Hd) as Hn. fold q in Hn.
  pose proof (rne_tie_is_even m d Hd) as Ht. fold q in Ht.
  assert (Hd' : 0 < IZR d) by (apply IZR_lt; exact Hd).
  assert (E : IZR n / IZR d * 10 ^ k - IZR q = IZR (Z.abs (m - d * q)) / IZR d
              \/ IZR n / IZR d * 10 ^ k - IZR q = - (IZR (Z.abs (m - d * q)) / IZR d)).
  { assert (Em : IZR m = IZR n * 10 ^ k) by (unfold m; rewrite mult_IZR, pow_IZR; reflexivity).
    destruct (Z.abs_eq_or_opp (m - d * q)) as [A|A]; rewrite A;
      rewrite ?opp_IZR, minus_IZR, mult_IZR, Em; [left|right]; field; lra. }
  assert (Hz : 0 <= IZR (Z.abs (m - d * q))) by (apply IZR_le; lia).
  assert (Hle : IZR (Z.abs (m - d * q)) / IZR d <= / 2).
  { apply Rmult_le_reg_r with (2 * IZR d); [lra|].
    replace (IZR (Z.abs (m - d * q)) / IZR d * (2 * IZR d)) with (2 * IZR (Z.abs (m - d * q)))
      by (field; lra).
    replace (/ 2 * (2 * IZR d)) with (IZR d) by field.
    rewrite <- mult_IZR. apply IZR_le. lia. }
  assert (Hnn : 0 <= IZR (Z.abs (m - d * q)) / IZR d)
    by (apply Rmult_le_pos; [lra|left; apply Rinv_0_lt_compat; lra]).
  unfold correctly_rounded. split.
  - apply abs_half. destruct E as [E|E]; rewrite E; split; lra.
  - intros Habs. apply Ht. apply abs_is_half in Habs.
    assert (Hh : IZR (Z.abs (m - d * q)) / IZR d = / 2) by (destruct E as [E|E]; lra).
    assert (Hi : IZR (2 * Z.abs (m - d * q)) = IZR d).
    { rewrite mult_IZR. apply Rmult_eq_reg_r with (/ (2 * IZR d)).
      - replace (IZR 2 * IZR (Z.abs (m - d * q)) * / (2 * IZR d))
          with (IZR (Z.abs (m - d * q)) / IZR d) by (simpl; field; lra).
        rewrite Hh. field. lra.
      - apply Rinv_neq_0_compat. lra. }
    apply eq_IZR in Hi. lia.
Qed.

(** One answer: two correct roundings of the same real are equal. *)
Theorem correctly_rounded_unique : forall x k q1 q2,
  correctly_rounded x k q1 -> correctly_rounded x k q2 -> q1 = q2.
Proof.
  intros x k q1 q2 [H1 T1] [H2 T2]. apply abs_half in H1. apply abs_half in H2.
  assert (Hd : -1 <= IZR q1 - IZR q2 <= 1) by lra.
  rewrite <- minus_IZR in Hd. destruct Hd as [Lo Hi].
  apply le_IZR in Lo. apply le_IZR in Hi.
  destruct (Z.eq_dec q1 q2) as [|Ne]; auto. exfalso.
  destruct (Z.eq_dec (q1 - q2) 1) as [E|E].
  - assert (IZR q1 = IZR q2 + 1) by (rewrite <- (Z.sub_add q2 q1), plus_IZR, E; ring).
    assert (Ev1 : Z.even q1 = true) by (apply T1, abs_is_half; right; lra).
    assert (Ev2 : Z.even q2 = true) by (apply T2, abs_is_half; left; lra).
    replace q1 with (Z.succ q2) in Ev1 by lia. rewrite Z.even_succ, <- Z.negb_even, Ev2 in Ev1.
    discriminate.
  - assert (E' : (q2 - q1 = 1)%Z) by lia.
    assert (IZR q2 = IZR q1 + 1) by (rewrite <- (Z.sub_add q1 q2), plus_IZR, E'; ring).
    assert (Ev1 : Z.even q1 = true) by (apply T1, abs_is_half; left; lra).
    assert (Ev2 : Z.even q2 = true) by (apply T2, abs_is_half; right; lra).
    replace q2 with (Z.succ q1) in Ev2 by lia. rewrite Z.even_succ, <- Z.negb_even, Ev1 in Ev2.
    discriminate.
Qed.

(** certified_decimal: when lo / 2^F and hi / 2^F round to the same q, every real x between,
    rational + logarithms included, is correctly rounded to q. *)
Theorem certified_decimal_rule_real : forall lo hi F k x, (0 <= F)%Z ->
  IZR lo / IZR (2 ^ F) <= x <= IZR hi / IZR (2 ^ F) ->
  round_scaled lo (2 ^ F) k = round_scaled hi (2 ^ F) k ->
  correctly_rounded x k (round_scaled lo (2 ^ F) k).
Proof.
  intros lo hi F k x HF [L U] E.
  assert (HP : (0 < 2 ^ F)%Z) by (apply Z.pow_pos_nonneg; lia).
  destruct (round_scaled_correct lo (2 ^ F) k HP) as [Hl Tl].
  destruct (round_scaled_correct hi (2 ^ F) k HP) as [Hh Th]. rewrite <- E in Hh, Th.
  set (q := round_scaled lo (2 ^ F) k) in *.
  assert (Ht : 0 < 10 ^ k) by (apply pow_lt; lra).
  assert (L' : IZR lo / IZR (2 ^ F) * 10 ^ k <= x * 10 ^ k) by (apply Rmult_le_compat_r; lra).
  assert (U' : x * 10 ^ k <= IZR hi / IZR (2 ^ F) * 10 ^ k) by (apply Rmult_le_compat_r; lra).
  apply abs_half in Hl. apply abs_half in Hh. split.
  - apply abs_half. lra.
  - intros Habs. apply abs_is_half in Habs. destruct Habs as [A|A].
    + apply Th, abs_is_half. left. lra.
    + apply Tl, abs_is_half. right. lra.
Qed.

(** certified_sign: lo / 2^F > 0 makes every real between positive, hi / 2^F < 0 negative. *)
Theorem certified_sign_rule_real : forall lo hi F x, (0 <= F)%Z ->
  IZR lo / IZR (2 ^ F) <= x <= IZR hi / IZR (2 ^ F) ->
  ((0 < lo)%Z -> 0 < x) /\ ((hi < 0)%Z -> x < 0).
Proof.
  intros lo hi F x HF [L U].
  assert (HP : 0 < IZR (2 ^ F)) by (apply IZR_lt, Z.pow_pos_nonneg; lia).
  split; intros H.
  - apply IZR_lt in H. assert (0 < IZR lo / IZR (2 ^ F)) by (apply Rdiv_lt_0_compat; lra). lra.
  - apply IZR_lt in H.
    assert (IZR hi / IZR (2 ^ F) < 0).
    { assert (0 < / IZR (2 ^ F)) by (apply Rinv_0_lt_compat; lra). unfold Rdiv. nra. }
    lra.
Qed.
