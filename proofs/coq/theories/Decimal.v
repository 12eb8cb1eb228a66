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

(** Ties to even, pinned.  The theorems above hold for any tie rule (half up, half to odd: each
    is a nearest rounding and monotone), so they do not say which one the code uses.  These do:
    an exact tie goes to the even neighbour, and nearest plus that tie rule determine the
    rounding, so any other rule (half up, half down, half away from zero, half to odd) gives a
    different integer at some tie and fails [rne_tie_even] and [ties_to_even_examples]. *)

(** A tie m/d = z + 1/2 rounds to whichever of z, z + 1 is even. *)
Theorem rne_tie_even : forall m d z, 0 < d -> 2 * m = d * (2 * z + 1) ->
  rne m d = if Z.even z then z else z + 1.
Proof.
  intros m d z Hd Ht. unfold rne; cbv zeta.
  pose proof (Z.div_mod m d ltac:(lia)) as E. pose proof (Z.mod_pos_bound m d Hd) as B.
  set (q := m / d) in *. set (r := m mod d) in *.
  assert (Hq : q = z).
  { destruct (Z.lt_trichotomy (z - q) 0) as [L|[L|L]]; [nia | lia | nia]. }
  assert (Hr : 2 * r = d) by nia.
  rewrite Hq, Hr, Z.ltb_irrefl, Z.eqb_refl, <- Z.negb_odd. destruct (Z.odd z); reflexivity.
Qed.

(** Nearest with ties to even has one answer: any q within half of m/d, and even when exactly
    half away, is rne m d. *)
Theorem rne_unique : forall m d q, 0 < d -> Z.abs (2 * (m - d * q)) <= d ->
  (Z.abs (2 * (m - d * q)) = d -> Z.even q = true) -> rne m d = q.
Proof.
  intros m d q Hd Hn Ht. unfold rne; cbv zeta.
  pose proof (Z.div_mod m d ltac:(lia)) as E. pose proof (Z.mod_pos_bound m d Hd) as B.
  set (q0 := m / d) in *. set (r := m mod d) in *.
  assert (Hq : q = q0 \/ q = q0 + 1).
  { assert (q0 - q <= 0) by nia. assert (-1 <= q0 - q) by nia. lia. }
  destruct Hq as [Hq | Hq]; subst q.
  - replace (2 * (m - d * q0)) with (2 * r) in * by lia.
    rewrite Z.abs_eq in Hn, Ht by lia. rewrite <- Z.negb_odd in Ht.
    destruct (d <? 2 * r) eqn:A1; destruct (2 * r =? d) eqn:A2; destruct (Z.odd q0);
      cbn [orb andb negb] in *; rewrite ?Z.ltb_lt, ?Z.ltb_ge, ?Z.eqb_eq, ?Z.eqb_neq in *;
      try lia; discriminate (Ht A2).
  - replace (2 * (m - d * (q0 + 1))) with (2 * r - 2 * d) in * by lia.
    rewrite Z.abs_neq in Hn, Ht by lia. change (q0 + 1) with (Z.succ q0) in Ht.
    rewrite Z.even_succ in Ht.
    destruct (d <? 2 * r) eqn:A1; destruct (2 * r =? d) eqn:A2; destruct (Z.odd q0);
      cbn [orb andb negb] in *; rewrite ?Z.ltb_lt, ?Z.ltb_ge, ?Z.eqb_eq, ?Z.eqb_neq in *;
      try lia; discriminate (Ht ltac:(lia)).
Qed.

(** The same for the decimal rounding the code prints: n/d with k digits. *)
Theorem round_scaled_tie_even : forall n d k z, 0 < d ->
  2 * (n * 10 ^ Z.of_nat k) = d * (2 * z + 1) ->
  round_scaled n d k = if Z.even z then z else z + 1.
Proof. intros. rewrite round_scaled_rne. apply rne_tie_even; assumption. Qed.

Theorem round_scaled_unique : forall n d k q, 0 < d ->
  Z.abs (2 * (n * 10 ^ Z.of_nat k - d * q)) <= d ->
  (Z.abs (2 * (n * 10 ^ Z.of_nat k - d * q)) = d -> Z.even q = true) ->
  round_scaled n d k = q.
Proof. intros. rewrite round_scaled_rne. apply rne_unique; assumption. Qed.

(** Concrete ties, as exact/text.py's doctests print them: 2.5 -> 2, 3.5 -> 4, -2.5 -> -2,
    -3.5 -> -4 at 0 digits; 0.125 -> 0.12, 0.375 -> 0.38, -0.125 -> -0.12 at 2 digits (the
    integers are the digits: 12 is "0.12").  Half up would give 3 for 2.5, half to odd 3 and
    -3, half down 3 for 3.5 (4 is even) ... each other rule misses one of these. *)
Theorem ties_to_even_examples :
  round_scaled 5 2 0 = 2 /\ round_scaled 7 2 0 = 4 /\
  round_scaled (-5) 2 0 = -2 /\ round_scaled (-7) 2 0 = -4 /\
  round_scaled 1 8 2 = 12 /\ round_scaled 3 8 2 = 38 /\ round_scaled (-1) 8 2 = -12.
Proof. repeat split; reflexivity. Qed.
