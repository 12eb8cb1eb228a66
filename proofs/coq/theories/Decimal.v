(** The decision rule of rocpr_exact/exact/certify.py (certified_decimal, refine) and
    exact/text.py (fraction_to_decimal): a value n/d (d > 0) is rounded to k decimals, ties to
    even, as the integer
      q = floor(n 10^k / d), r = n 10^k - q d;  q + 1 if 2r > d or (2r = d and q odd), else q
    (the digits are q's decimal text, so equal q means equal text).  This rounding is the nearest
    integer to n 10^k / d and is monotone, so when both ends of an enclosure lo <= x <= hi round
    to the same q, x rounds to q too: the printed digits are those of the value.  And the sign
    rule: lo > 0 gives sign 1, hi < 0 gives -1. *)
From Coq Require Import ZArith Lia.
Open Scope Z_scope.

Definition round_scaled (n d : Z) (k : nat) : Z :=
  let m := n * 10 ^ Z.of_nat k in
  let q := m / d in
  let r := m mod d in
  if orb (d <? 2 * r) (andb (2 * r =? d) (Z.odd q)) then q + 1 else q.

(** m/d rounded to the nearest integer, ties to even, by integers only. *)
Definition rne (m d : Z) : Z :=
  let q := m / d in
  let r := m mod d in
  if orb (d <? 2 * r) (andb (2 * r =? d) (Z.odd q)) then q + 1 else q.

Lemma round_scaled_rne : forall n d k, round_scaled n d k = rne (n * 10 ^ Z.of_nat k) d.
Proof. reflexivity. Qed.

(** Nearest: |m - d q| <= d / 2, i.e. |2 (m - d q)| <= d. *)
Theorem rne_nearest : forall m d, 0 < d -> Z.abs (2 * (m - d * rne m d)) <= d.
Proof.
  intros m d Hd. unfold rne; cbv zeta.
  pose proof (Z.div_mod m d ltac:(lia)). pose proof (Z.mod_pos_bound m d Hd).
  destruct (d <? 2 * (m mod d)) eqn:E1; destruct (2 * (m mod d) =? d) eqn:E2;
    destruct (Z.odd (m / d)); cbn [orb andb];
    rewrite ?Z.ltb_lt, ?Z.ltb_ge, ?Z.eqb_eq, ?Z.eqb_neq in *; try lia.
Qed.

(** Monotone: m1/d1 <= m2/d2 implies rne m1 d1 <= rne m2 d2. *)
Theorem rne_monotone : forall m1 d1 m2 d2, 0 < d1 -> 0 < d2 -> m1 * d2 <= m2 * d1 ->
  rne m1 d1 <= rne m2 d2.
Proof.
  intros m1 d1 m2 d2 H1 H2 Hle. unfold rne; cbv zeta.
  pose proof (Z.div_mod m1 d1 ltac:(lia)) as E1. pose proof (Z.mod_pos_bound m1 d1 H1) as B1.
  pose proof (Z.div_mod m2 d2 ltac:(lia)) as E2. pose proof (Z.mod_pos_bound m2 d2 H2) as B2.
  set (q1 := m1 / d1) in *. set (r1 := m1 mod d1) in *.
  set (q2 := m2 / d2) in *. set (r2 := m2 mod d2) in *.
  assert (Hq : q1 <= q2).
  { destruct (Z_le_gt_dec q1 q2) as [|Hgt]; auto.
    exfalso. assert (q2 + 1 <= q1) by lia.
    (* m1 >= d1 q1 >= d1 (q2 + 1) > m1 ... compare m1 d2 and m2 d1 *)
    assert (m2 < d2 * (q2 + 1)) by lia. assert (d1 * (q2 + 1) <= m1) by nia.
    nia. }
  destruct (Z.eq_dec q1 q2) as [Eq|Ne].
  - (* same integer part: compare the remainders r1/d1 <= r2/d2 *)
    assert (Hr : r1 * d2 <= r2 * d1).
    { rewrite E1, E2 in Hle. rewrite <- Eq in Hle. nia. }
    destruct (d1 <? 2 * r1) eqn:A1; destruct (2 * r1 =? d1) eqn:A2;
    destruct (d2 <? 2 * r2) eqn:C1; destruct (2 * r2 =? d2) eqn:C2;
    rewrite <- Eq; destruct (Z.odd q1); cbn [orb andb];
    rewrite ?Z.ltb_lt, ?Z.ltb_ge, ?Z.eqb_eq, ?Z.eqb_neq in *; try lia; nia.
  - destruct (orb _ _); destruct (orb _ _); lia.
Qed.

(** The decision: if both ends of [lo, hi] round to the same integer, so does every x between. *)
Theorem decided_rounding : forall lo dlo x dx hi dhi, 0 < dlo -> 0 < dx -> 0 < dhi ->
  lo * dx <= x * dlo -> x * dhi <= hi * dx -> rne lo dlo = rne hi dhi ->
  rne x dx = rne lo dlo.
Proof.
  intros lo dlo x dx hi dhi H1 H2 H3 L U E.
  pose proof (rne_monotone lo dlo x dx H1 H2 L).
  pose proof (rne_monotone x dx hi dhi H2 H3 U). lia.
Qed.

(** certified_decimal compares the roundings of lo / 2^F and hi / 2^F, F >= 0. *)
Theorem certified_decimal_rule : forall lo hi F n d k, 0 <= F -> 0 < d ->
  lo * d <= n * 2 ^ F <= hi * d ->
  round_scaled lo (2 ^ F) k = round_scaled hi (2 ^ F) k ->
  round_scaled n d k = round_scaled lo (2 ^ F) k.
Proof.
  intros lo hi F n d k HF Hd [L U] E. rewrite !round_scaled_rne in *.
  assert (HP : 0 < 2 ^ F) by (apply Z.pow_pos_nonneg; lia).
  assert (HT : 0 < 10 ^ Z.of_nat k) by (apply Z.pow_pos_nonneg; lia).
  apply (decided_rounding _ (2 ^ F) _ d (hi * 10 ^ Z.of_nat k) (2 ^ F)); auto; nia.
Qed.

(** certified_sign: lo / 2^F > 0 gives a positive value, hi / 2^F < 0 a negative one. *)
Theorem certified_sign_rule : forall lo hi F n d, 0 <= F -> 0 < d ->
  lo * d <= n * 2 ^ F <= hi * d -> (0 < lo -> 0 < n) /\ (hi < 0 -> n < 0).
Proof.
  intros lo hi F n d HF Hd [L U]. assert (0 < 2 ^ F) by (apply Z.pow_pos_nonneg; lia).
  split; intros; nia.
Qed.
