(** The certified sums of rocpr_exact/exact/fixed.py and exact/arrayfixed.py, for every input:
    - floored sums: the sum F of floor(n_i 2^B / d_i) over m ratios (d_i > 0) satisfies
      F <= 2^B sum n_i/d_i <= F + m;
    - the enclosure of ArrayRatios.enclose: lo = F >> shift and hi = -((-(F + m)) >> shift)
      enclose the sum at scale 2^(B - shift);
    - the limb division of ArrayRatios._scaled_sum: n 2^S = q0 d + r0, then per limb
      r 2^L = l d + r', summed as q0 2^(kL) + sum_j l_j 2^((k - j) L), is exactly
      floor(n 2^(S + kL) / d); with d <= 2^(63 - L) every r 2^L stays below 2^63 and every digit
      below 2^L (int64 is enough), and n < 2^(63 - S) keeps n 2^S below 2^63; the number of limbs
      max(0, ceil((B - S) / L)) gives at least B fraction bits;
    - _exact_sum: at most 2^c values below 2^b sum below 2^(b + c) (no int64 overflow when
      b + c <= 62), and v = (v & (2^31 - 1)) + (v >> 31) 2^31 for v >= 0. *)
From Coq Require Import ZArith Lia Reals Lra List.
Import ListNotations.
Open Scope R_scope.

(** * Floored sums *)

Fixpoint floored_sum (B : Z) (ts : list (Z * Z)) : Z :=
  match ts with
  | [] => 0
  | (n, d) :: rest => (n * 2 ^ B) / d + floored_sum B rest
  end%Z.

Fixpoint exact_sum (ts : list (Z * Z)) : R :=
  match ts with
  | [] => 0
  | (n, d) :: rest => IZR n / IZR d + exact_sum rest
  end%R.

Lemma floor_div_bounds : forall a d, (0 < d)%Z ->
  (IZR (a / d) <= IZR a / IZR d < IZR (a / d) + 1)%R.
Proof.
  intros a d Hd.
  pose proof (Z.div_mod a d ltac:(lia)) as E. pose proof (Z.mod_pos_bound a d Hd) as [H1 H2].
  apply IZR_lt in Hd. apply IZR_le in H1. apply IZR_lt in H2.
  assert (Ea : IZR a = IZR d * IZR (a / d) + IZR (a mod d)) by (rewrite E at 1; rewrite plus_IZR, mult_IZR; reflexivity).
  rewrite Ea. split.
  - apply Rmult_le_reg_r with (IZR d); auto. unfold Rdiv. rewrite Rmult_assoc, Rinv_l; lra.
  - apply Rmult_lt_reg_r with (IZR d); auto. unfold Rdiv. rewrite Rmult_assoc, Rinv_l; lra.
Qed.

Theorem floored_sum_bounds : forall B ts, (0 <= B)%Z -> Forall (fun t => (0 < snd t)%Z) ts ->
  (IZR (floored_sum B ts) <= IZR (2 ^ B) * exact_sum ts <=
   IZR (floored_sum B ts) + INR (length ts))%R.
Proof.
  intros B ts HB; induction ts as [|[n d] ts IH]; intros Hpos; cbn [floored_sum exact_sum].
  - rewrite Rmult_0_r; simpl; lra.
  - inversion Hpos as [|? ? Hd Hrest]; subst; simpl in Hd.
    destruct (IH Hrest) as [L U].
    pose proof (floor_div_bounds (n * 2 ^ B) d Hd) as [L1 U1].
    rewrite mult_IZR in L1, U1.
    assert (E : (IZR n * IZR (2 ^ B) / IZR d = IZR (2 ^ B) * (IZR n / IZR d))%R)
      by (field; apply not_0_IZR; lia).
    rewrite E in L1, U1. rewrite plus_IZR, Rmult_plus_distr_l. change (length ((n, d) :: ts)) with (S (length ts)) in *. rewrite S_INR. split; lra.
Qed.

(** * The enclosure of ArrayRatios.enclose *)

Lemma shiftr_floor : forall t s, (0 <= s)%Z ->
  (IZR (Z.shiftr t s) <= IZR t / IZR (2 ^ s) < IZR (Z.shiftr t s) + 1)%R.
Proof.
  intros t s Hs. rewrite Z.shiftr_div_pow2 by exact Hs.
  apply floor_div_bounds. apply Z.pow_pos_nonneg; lia.
Qed.

Theorem enclose_bounds : forall (S : R) total count F shift, (0 <= F)%Z -> (0 <= shift)%Z ->
  (IZR total <= IZR (2 ^ (F + shift)) * S <= IZR (total + count))%R ->
  (IZR (Z.shiftr total shift) / IZR (2 ^ F) <= S <=
   IZR (- Z.shiftr (- (total + count)) shift) / IZR (2 ^ F))%R.
Proof.
  intros S total count F shift HF Hs [L U].
  rewrite Z.pow_add_r, mult_IZR in L, U by lia.
  assert (P1 : (0 < IZR (2 ^ F))%R) by (apply IZR_lt, Z.pow_pos_nonneg; lia).
  assert (P2 : (0 < IZR (2 ^ shift))%R) by (apply IZR_lt, Z.pow_pos_nonneg; lia).
  pose proof (shiftr_floor total shift Hs) as [A1 _].
  pose proof (shiftr_floor (- (total + count)) shift Hs) as [B1 _].
  rewrite opp_IZR in B1 |- *.
  set (x := IZR (Z.shiftr total shift)) in *. set (y := IZR (Z.shiftr (- (total + count)) shift)) in *.
  set (a := IZR (2 ^ F)) in *. set (b := IZR (2 ^ shift)) in *.
  assert (A2 : (x * b <= IZR total)%R).
  { apply Rmult_le_reg_r with (/ b); [apply Rinv_0_lt_compat; lra|].
    rewrite Rmult_assoc, Rinv_r by lra. unfold Rdiv in A1. lra. }
  assert (B2 : (y * b <= - IZR (total + count))%R).
  { apply Rmult_le_reg_r with (/ b); [apply Rinv_0_lt_compat; lra|].
    rewrite Rmult_assoc, Rinv_r by lra. unfold Rdiv in B1. lra. }
  split.
  - apply Rmult_le_reg_r with a; auto. unfold Rdiv; rewrite Rmult_assoc, Rinv_l by lra.
    apply Rmult_le_reg_r with b; auto. nra.
  - apply Rmult_le_reg_r with a; auto. unfold Rdiv; rewrite Rmult_assoc, Rinv_l by lra.
    apply Rmult_le_reg_r with b; auto. nra.
Qed.

(** * The limb division of ArrayRatios._scaled_sum *)

Open Scope Z_scope.

(** The limbs' part of one term: sum over j = 1..k of l_j 2^((k - j) L), where the remainder
    r is shifted by L and divided by d once per limb (np.left_shift, np.divmod). *)
Fixpoint limbs (r d L : Z) (k : nat) : Z :=
  match k with
  | O => 0
  | S k' => (r * 2 ^ L) / d * 2 ^ (Z.of_nat k' * L) + limbs ((r * 2 ^ L) mod d) d L k'
  end.

Lemma div_shift_split : forall a d e, 0 < d -> 0 <= e ->
  (a * 2 ^ e) / d = (a / d) * 2 ^ e + ((a mod d) * 2 ^ e) / d.
Proof.
  intros a d e Hd He.
  rewrite (Z.div_mod a d) at 1 by lia.
  replace ((d * (a / d) + a mod d) * 2 ^ e) with ((a mod d) * 2 ^ e + (a / d * 2 ^ e) * d) by ring.
  rewrite Z.div_add by lia. ring.
Qed.

Lemma limbs_exact : forall k r d L, 0 < d -> 0 <= L -> 0 <= r < d ->
  limbs r d L k = (r * 2 ^ (Z.of_nat k * L)) / d.
Proof.
  induction k as [|k IH]; intros r d L Hd HL Hr; cbn [limbs].
  - simpl. rewrite Z.mul_1_r. symmetry; apply Z.div_small; lia.
  - rewrite IH by (auto; apply Z.mod_pos_bound; lia).
    rewrite Nat2Z.inj_succ.
    replace (Z.succ (Z.of_nat k) * L) with (L + Z.of_nat k * L) by lia.
    rewrite Z.pow_add_r, Z.mul_assoc by nia.
    rewrite (div_shift_split (r * 2 ^ L) d (Z.of_nat k * L)) by nia. reflexivity.
Qed.

(** One term of _scaled_sum: the first division at shift S, then k limbs of L bits. *)
Definition term_total (n d S L : Z) (k : nat) : Z :=
  (n * 2 ^ S) / d * 2 ^ (Z.of_nat k * L) + limbs ((n * 2 ^ S) mod d) d L k.

Theorem term_total_exact : forall n d S L k, 0 < d -> 0 <= S -> 0 <= L ->
  term_total n d S L k = (n * 2 ^ (S + Z.of_nat k * L)) / d.
Proof.
  intros n d S L k Hd HS HL. unfold term_total.
  rewrite limbs_exact by (auto; apply Z.mod_pos_bound; lia).
  rewrite Z.pow_add_r, Z.mul_assoc by nia.
  rewrite (div_shift_split (n * 2 ^ S) d (Z.of_nat k * L)) by nia. reflexivity.
Qed.

(** int64 suffices: with d <= 2^(63 - L), a remainder shifted by L stays below 2^63 and each
    digit is below 2^L; with n < 2^(63 - S), n 2^S is below 2^63. *)
Theorem limb_no_overflow : forall r d L, 0 <= L -> 0 <= r < d -> d <= 2 ^ (63 - L) ->
  0 <= r * 2 ^ L < 2 ^ 63 /\ 0 <= (r * 2 ^ L) / d < 2 ^ L.
Proof.
  intros r d L HL Hr Hd.
  assert (HP : 0 < 2 ^ L) by (apply Z.pow_pos_nonneg; lia).
  split.
  - split; [nia|]. destruct (Z_le_gt_dec L 63) as [H63|H63].
    + assert (E : 2 ^ 63 = 2 ^ (63 - L) * 2 ^ L) by (rewrite <- Z.pow_add_r by lia; f_equal; ring).
      rewrite E. nia.
    + rewrite Z.pow_neg_r in Hd by lia. lia.
  - split; [apply Z.div_pos; nia|]. apply Z.div_lt_upper_bound; nia.
Qed.

Theorem first_no_overflow : forall n S, 0 <= S <= 63 -> 0 <= n < 2 ^ (63 - S) ->
  0 <= n * 2 ^ S < 2 ^ 63.
Proof.
  intros n S HS Hn. assert (0 < 2 ^ S) by (apply Z.pow_pos_nonneg; lia).
  assert (E : 2 ^ 63 = 2 ^ (63 - S) * 2 ^ S) by (rewrite <- Z.pow_add_r by lia; f_equal; ring).
  split; [nia|]. rewrite E. nia.
Qed.

(** limbs = max(0, -(-(B - S) // L)) gives S + limbs L >= B fraction bits. *)
Theorem enough_limbs : forall B S L, 0 < L ->
  S + Z.max 0 (- ((- (B - S)) / L)) * L >= B.
Proof.
  intros B S L HL.
  pose proof (Z.div_mod (- (B - S)) L ltac:(lia)). pose proof (Z.mod_pos_bound (- (B - S)) L HL).
  assert (- ((- (B - S)) / L) * L >= B - S) by nia. nia.
Qed.

(** * _exact_sum *)

Fixpoint zsum (l : list Z) : Z := match l with [] => 0 | v :: r => v + zsum r end.

Theorem chunk_sum_bound : forall l b c, 0 <= b -> 0 <= c ->
  Forall (fun v => 0 <= v < 2 ^ b) l -> Z.of_nat (length l) <= 2 ^ c ->
  0 <= zsum l < 2 ^ (b + c) \/ l = [].
Proof.
  intros l b c Hb Hc Hv Hlen. destruct l as [|v l]; [right; reflexivity|left].
  assert (Hgen : forall m, Forall (fun v => 0 <= v < 2 ^ b) m ->
            0 <= zsum m <= Z.of_nat (length m) * (2 ^ b - 1)).
  { induction m as [|w m IH]; intros H; cbn [zsum length]; [lia|].
    rewrite Nat2Z.inj_succ. inversion H; subst. specialize (IH H3). nia. }
  specialize (Hgen (v :: l) Hv). rewrite Z.pow_add_r by lia.
  assert (0 < 2 ^ b) by (apply Z.pow_pos_nonneg; lia).
  assert (0 < 2 ^ c) by (apply Z.pow_pos_nonneg; lia).
  assert (Z.of_nat (length (v :: l)) * (2 ^ b - 1) <= 2 ^ c * (2 ^ b - 1)) by nia. nia.
Qed.

Theorem split_31 : forall v, 0 <= v -> v = Z.land v (2 ^ 31 - 1) + Z.shiftr v 31 * 2 ^ 31.
Proof.
  intros v Hv. replace (2 ^ 31 - 1) with (Z.ones 31) by reflexivity.
  rewrite Z.land_ones, Z.shiftr_div_pow2 by lia.
  pose proof (Z.div_mod v (2 ^ 31) ltac:(lia)). lia.
Qed.

(** The arrays' total (every term's first division and limbs, summed) is the floored sum at
    B' = S + k L, so floored_sum_bounds and enclose_bounds apply to ArrayRatios.enclose. *)
Theorem scaled_sum_is_floored_sum : forall ts S L k, 0 <= S -> 0 <= L ->
  Forall (fun t => 0 < snd t) ts ->
  zsum (map (fun t => term_total (fst t) (snd t) S L k) ts) = floored_sum (S + Z.of_nat k * L) ts.
Proof.
  induction ts as [|[n d] ts IH]; intros S L k HS HL Hpos; simpl; auto.
  inversion Hpos; subst. rewrite term_total_exact by auto. rewrite IH; auto.
Qed.

(** certify.fixed_enclosure: with (q, r) = divmod(n 2^F, d), d > 0, and a log part L enclosed as
    |L 2^F - S| <= E, lo = q + S - E and hi = q + (1 if r else 0) + S + E enclose
    (n/d + L) 2^F. *)
Theorem fixed_enclosure_bounds : forall n d F S E (L : R), 0 < d -> 0 <= F ->
  (Rabs (L * IZR (2 ^ F) - IZR S) <= IZR E)%R ->
  let q := (n * 2 ^ F) / d in
  let r := (n * 2 ^ F) mod d in
  (IZR (q + S - E) <= (IZR n / IZR d + L) * IZR (2 ^ F) <=
   IZR (q + (if r =? 0 then 0 else 1) + S + E))%R.
Proof.
  intros n d F S E L Hd HF HL q r.
  pose proof (floor_div_bounds (n * 2 ^ F) d Hd) as [L1 U1]. fold q in L1, U1.
  assert (Hr : (IZR (n * 2 ^ F) / IZR d <= IZR (q + (if r =? 0 then 0 else 1)))%R).
  { destruct (Z.eqb_spec r 0) as [E0|E0].
    - rewrite Z.add_0_r. pose proof (Z.div_mod (n * 2 ^ F) d ltac:(lia)) as Ediv. fold q r in Ediv.
      rewrite E0, Z.add_0_r in Ediv. rewrite Ediv, mult_IZR.
      apply IZR_lt in Hd. right. field. lra.
    - rewrite plus_IZR. lra. }
  pose proof (Rle_abs (L * IZR (2 ^ F) - IZR S)).
  pose proof (Rle_abs (- (L * IZR (2 ^ F) - IZR S))). rewrite Rabs_Ropp in *.
  rewrite mult_IZR in L1, U1, Hr.
  assert (Eq : ((IZR n / IZR d + L) * IZR (2 ^ F) = IZR n * IZR (2 ^ F) / IZR d + L * IZR (2 ^ F))%R)
    by (field; apply not_0_IZR; lia).
  set (c := if r =? 0 then 0 else 1) in *.
  rewrite Eq. rewrite !plus_IZR, !minus_IZR, !plus_IZR in *. split; lra.
Qed.
