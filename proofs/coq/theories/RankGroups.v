(** A ranking as a list of tie groups, best ranked first: each group is (pos_g, neg_g), its
    numbers of positives and negatives (the decision engine's and a certificate checker's view
    of a ranking).  group_u2 computes 2U as the sum of group terms
    pos_g * (2 * negatives ranked below + neg_g), in integers; group_u2_is_twice_u proves it
    equal to twice AucMannWhitney.mann_whitney_u (the definition from pairs: each (positive,
    negative) pair with the positive ranked higher counts 1, a tied pair 1/2) of the ranking
    expanded into scores (the group with k groups below it scores k).  Conversely every scored
    dataset is such a list: group_u2_of_scores groups positives' and negatives' integer scores
    by any strictly descending list of values covering them (groups_of), and group_u2 of the
    groups is twice their U. *)
From Coq Require Import Reals Lra Lia ZArith List Sorting.Sorted.
From RocPr Require Import AucMannWhitney.
Import ListNotations.
Open Scope R_scope.

Definition group : Type := (nat * nat)%type.

(** Negatives in the groups (all ranked below the group before them). *)
Definition negatives (gs : list group) : nat := fold_right (fun g s => (snd g + s)%nat) 0%nat gs.

Fixpoint group_u2 (gs : list group) : Z :=
  match gs with
  | [] => 0%Z
  | (p, n) :: rest =>
      (Z.of_nat p * (2 * Z.of_nat (negatives rest) + Z.of_nat n) + group_u2 rest)%Z
  end.

(** The ranking expanded: each positive (negative) gets its group's score. *)
Fixpoint pos_scores (gs : list group) : list Z :=
  match gs with
  | [] => []
  | (p, _) :: rest => repeat (Z.of_nat (length rest)) p ++ pos_scores rest
  end.

Fixpoint neg_scores (gs : list group) : list Z :=
  match gs with
  | [] => []
  | (_, n) :: rest => repeat (Z.of_nat (length rest)) n ++ neg_scores rest
  end.

Lemma sum_over_app : forall {A} (f : A -> R) l1 l2,
  sum_over f (l1 ++ l2) = sum_over f l1 + sum_over f l2.
Proof. intros A f l1 l2; induction l1 as [|a l1 IH]; simpl; [ring|rewrite IH; ring]. Qed.

Lemma sum_over_const : forall {A} (f : A -> R) c l, (forall a, In a l -> f a = c) ->
  sum_over f l = INR (length l) * c.
Proof.
  intros A f c l H; induction l as [|a l IH]; simpl; [ring|].
  rewrite IH by (intros; apply H; simpl; auto). rewrite H by (simpl; auto).
  destruct (length l); simpl; ring.
Qed.

Lemma scores_below : forall gs z, (In z (pos_scores gs) \/ In z (neg_scores gs)) ->
  (0 <= z < Z.of_nat (length gs))%Z.
Proof.
  induction gs as [|[p n] rest IH]; intros z Hz; simpl in Hz; [tauto|].
  cbn [length]. rewrite Nat2Z.inj_succ.
  destruct Hz as [Hz|Hz]; apply in_app_or in Hz; destruct Hz as [Hz|Hz];
    try (apply repeat_spec in Hz; lia);
    [specialize (IH z (or_introl Hz))|specialize (IH z (or_intror Hz))]; lia.
Qed.

Lemma length_neg_scores : forall gs, length (neg_scores gs) = negatives gs.
Proof.
  induction gs as [|[p n] rest IH]; simpl; auto. rewrite app_length, repeat_length, IH; reflexivity.
Qed.

Lemma mw_app_l : forall xs1 xs2 ys,
  mann_whitney_u (xs1 ++ xs2) ys = mann_whitney_u xs1 ys + mann_whitney_u xs2 ys.
Proof. intros; unfold mann_whitney_u; apply sum_over_app. Qed.

Lemma mw_app_r : forall xs ys1 ys2,
  mann_whitney_u xs (ys1 ++ ys2) = mann_whitney_u xs ys1 + mann_whitney_u xs ys2.
Proof.
  intros; unfold mann_whitney_u. rewrite <- sum_over_plus.
  apply sum_over_ext; intros; apply sum_over_app.
Qed.

(** U of one group's positives against what lies at a fixed side of its score s. *)
Lemma mw_const : forall xs ys c, (forall x y, In x xs -> In y ys -> pair_weight x y = c) ->
  mann_whitney_u xs ys = INR (length xs) * (INR (length ys) * c).
Proof.
  intros xs ys c H; unfold mann_whitney_u.
  apply sum_over_const; intros x Hx. apply sum_over_const; intros y Hy. apply H; auto.
Qed.

Theorem group_u2_is_twice_u : forall gs,
  IZR (group_u2 gs) = 2 * mann_whitney_u (pos_scores gs) (neg_scores gs).
Proof.
  induction gs as [|[p n] rest IH].
  - unfold mann_whitney_u; simpl; ring.
  - cbn [group_u2 pos_scores neg_scores]. set (s := Z.of_nat (length rest)).
    rewrite mw_app_l, !mw_app_r.
    rewrite (mw_const (repeat s p) (repeat s n) (/ 2)).
    2: { intros x y Hx Hy. apply repeat_spec in Hx, Hy. subst. unfold pair_weight.
         rewrite Z.ltb_irrefl, Z.eqb_refl; reflexivity. }
    rewrite (mw_const (repeat s p) (neg_scores rest) 1).
    2: { intros x y Hx Hy. apply repeat_spec in Hx. subst x.
         destruct (scores_below rest y (or_intror Hy)). unfold pair_weight.
         destruct (Z.ltb_spec y s); [reflexivity|unfold s in *; lia]. }
    rewrite (mw_const (pos_scores rest) (repeat s n) 0).
    2: { intros x y Hx Hy. apply repeat_spec in Hy. subst y.
         destruct (scores_below rest x (or_introl Hx)). unfold pair_weight.
         destruct (Z.ltb_spec s x); [unfold s in *; lia|].
         destruct (Z.eqb_spec x s); [unfold s in *; lia|reflexivity]. }
    repeat rewrite ?plus_IZR, ?mult_IZR. rewrite IH, <- !INR_IZR_INZ.
    rewrite !repeat_length, length_neg_scores. field.
Qed.

(** * Every scored dataset is a list of tie groups *)

(** The tie groups of the scores xs (positives) and ys (negatives) along the distinct values
    vs, best first. *)
Fixpoint groups_of (vs xs ys : list Z) : list group :=
  match vs with
  | [] => []
  | v :: vs' =>
      (length (filter (Z.eqb v) xs), length (filter (Z.eqb v) ys))
        :: groups_of vs' (filter (fun z => negb (Z.eqb v z)) xs)
             (filter (fun z => negb (Z.eqb v z)) ys)
  end.

Lemma sum_over_filter : forall {A} (f : A -> R) (p : A -> bool) l,
  sum_over f l = sum_over f (filter p l) + sum_over f (filter (fun a => negb (p a)) l).
Proof.
  intros A f p l; induction l as [|a l IH]; simpl; [ring|].
  destruct (p a); simpl; rewrite IH; ring.
Qed.

Lemma length_filter_split : forall (p : Z -> bool) l,
  (length (filter p l) + length (filter (fun a => negb (p a)) l))%nat = length l.
Proof. intros p l; induction l as [|a l IH]; simpl; auto. destruct (p a); simpl; lia. Qed.

Lemma in_filter_neq : forall v z l, In z (filter (fun z => negb (Z.eqb v z)) l) ->
  In z l /\ z <> v.
Proof.
  intros v z l Hz. apply filter_In in Hz. destruct Hz as [Hz Hn].
  split; auto. intros ->. rewrite Z.eqb_refl in Hn. discriminate.
Qed.

Lemma negatives_groups_of : forall vs xs ys, (forall z, In z ys -> In z vs) ->
  negatives (groups_of vs xs ys) = length ys.
Proof.
  induction vs as [|v vs IH]; intros xs ys Hc; simpl.
  - destruct ys as [|y ys]; auto. destruct (Hc y (or_introl eq_refl)).
  - rewrite IH; [apply length_filter_split|].
    intros z Hz. destruct (in_filter_neq _ _ _ Hz) as [Hz' Hne].
    destruct (Hc z Hz') as [->|H]; [congruence|exact H].
Qed.

Theorem group_u2_of_scores : forall vs xs ys, StronglySorted Z.gt vs ->
  (forall z, In z xs \/ In z ys -> In z vs) ->
  IZR (group_u2 (groups_of vs xs ys)) = 2 * mann_whitney_u xs ys.
Proof.
  induction vs as [|v vs IH]; intros xs ys Hs Hc.
  - destruct xs as [|x xs]; [|destruct (Hc x (or_introl (or_introl eq_refl)))].
    unfold mann_whitney_u; simpl; ring.
  - apply StronglySorted_inv in Hs. destruct Hs as [Hs Hgt]. rewrite Forall_forall in Hgt.
    cbn [groups_of group_u2].
    set (xv := filter (Z.eqb v) xs). set (yv := filter (Z.eqb v) ys).
    set (xr := filter (fun z => negb (Z.eqb v z)) xs).
    set (yr := filter (fun z => negb (Z.eqb v z)) ys).
    assert (Hrest : forall z, In z xr \/ In z yr -> In z vs).
    { intros z Hz. destruct Hz as [Hz|Hz]; destruct (in_filter_neq _ _ _ Hz) as [Hz' Hne];
        [destruct (Hc z (or_introl Hz')) as [->|H]|destruct (Hc z (or_intror Hz')) as [->|H]];
        auto; congruence. }
    assert (Hv : forall z l, In z (filter (Z.eqb v) l) -> z = v).
    { intros z l Hz. apply filter_In in Hz. destruct Hz as [_ Hz]. apply Z.eqb_eq in Hz; auto. }
    assert (Hsplit : mann_whitney_u xs ys =
      mann_whitney_u xv yv + mann_whitney_u xv yr + (mann_whitney_u xr yv + mann_whitney_u xr yr)).
    { unfold mann_whitney_u at 1. rewrite (sum_over_filter _ (Z.eqb v) xs). fold xv xr.
      rewrite !(sum_over_ext (fun x => sum_over (fun y => pair_weight x y) ys)
        (fun x => sum_over (fun y => pair_weight x y) yv + sum_over (fun y => pair_weight x y) yr))
        by (intros; apply (sum_over_filter _ (Z.eqb v) ys)).
      rewrite !sum_over_plus. unfold mann_whitney_u; ring. }
    rewrite Hsplit.
    rewrite (mw_const xv yv (/ 2)).
    2: { intros x y Hx Hy. rewrite (Hv x xs Hx), (Hv y ys Hy). unfold pair_weight.
         rewrite Z.ltb_irrefl, Z.eqb_refl; reflexivity. }
    rewrite (mw_const xv yr 1).
    2: { intros x y Hx Hy. rewrite (Hv x xs Hx).
         assert (Hlt := Hgt y (Hrest y (or_intror Hy))). unfold pair_weight.
         destruct (Z.ltb_spec y v); [reflexivity|lia]. }
    rewrite (mw_const xr yv 0).
    2: { intros x y Hx Hy. rewrite (Hv y ys Hy).
         assert (Hlt := Hgt x (Hrest x (or_introl Hx))). unfold pair_weight.
         destruct (Z.ltb_spec v x); [lia|]. destruct (Z.eqb_spec x v); [lia|reflexivity]. }
    repeat rewrite ?plus_IZR, ?mult_IZR. rewrite (IH xr yr Hs Hrest), <- !INR_IZR_INZ.
    rewrite (negatives_groups_of vs xr yr) by (intros; apply Hrest; auto).
    fold xv yv. field.
Qed.
