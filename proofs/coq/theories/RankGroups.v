(** A ranking as a list of tie groups, best ranked first: each group is (pos_g, neg_g), its
    numbers of positives and negatives (the decision engine's and a certificate checker's view
    of a ranking).  group_u2 computes 2U as the sum of group terms
    pos_g * (2 * negatives ranked below + neg_g), in integers; group_u2_is_twice_u proves it
    equal to twice AucMannWhitney.mann_whitney_u (the definition from pairs: each (positive,
    negative) pair with the positive ranked higher counts 1, a tied pair 1/2) of the ranking
    expanded into scores (the group with k groups below it scores k). *)
From Coq Require Import Reals Lra Lia ZArith List.
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
