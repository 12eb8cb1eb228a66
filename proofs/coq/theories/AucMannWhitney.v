(** AUC-ROC = Mann-Whitney U / (P N), ties counted 1/2 (Davis & Goadrich 2006, Section 4, after
    Cortes & Mohri 2003), for every dataset.  Positives have scores xs, negatives ys (integers:
    any finite set of scores embeds in them with its order).  U counts the pairs
    (positive, negative) with the positive scored higher, plus 1/2 per tied pair.  The ROC curve
    has one segment per tie group: for a score v, from (#{y > v}, #{x > v}) to
    (#{y >= v}, #{x >= v}) in count space (a diagonal segment when the group mixes classes);
    AUC-ROC in counts is the sum of the trapezoids under these segments over the distinct scores
    vs.  Python: rocpr_exact/areas/auc.py (auc_roc). *)
From Coq Require Import Reals Lra Lia ZArith List.
Import ListNotations.
Open Scope R_scope.

Definition sum_over {A : Type} (f : A -> R) (l : list A) : R :=
  fold_right (fun a s => f a + s) 0 l.

Definition count_if (f : Z -> bool) (l : list Z) : R := INR (length (filter f l)).

(** One pair's share of U. *)
Definition pair_weight (x y : Z) : R :=
  if Z.ltb y x then 1 else if Z.eqb x y then / 2 else 0.

Definition mann_whitney_u (xs ys : list Z) : R :=
  sum_over (fun x => sum_over (fun y => pair_weight x y) ys) xs.

(** The trapezoid under tie group v's segment: width #{y = v}, heights #{x > v} and #{x >= v}. *)
Definition trapezoid (xs ys : list Z) (v : Z) : R :=
  count_if (Z.eqb v) ys * (count_if (Z.ltb v) xs + (count_if (Z.ltb v) xs + count_if (Z.eqb v) xs)) / 2.

Definition auc_counts (xs ys vs : list Z) : R := sum_over (trapezoid xs ys) vs.

Lemma sum_over_plus : forall {A} (f g : A -> R) l,
  sum_over (fun a => f a + g a) l = sum_over f l + sum_over g l.
Proof. intros A f g l; induction l as [|a l IH]; simpl; [ring|rewrite IH; ring]. Qed.

Lemma sum_over_zero : forall {A} (l : list A), sum_over (fun _ => 0) l = 0.
Proof. intros A l; induction l as [|a l IH]; simpl; [ring|rewrite IH; ring]. Qed.

Lemma sum_over_swap : forall {A B} (f : A -> B -> R) la lb,
  sum_over (fun a => sum_over (fun b => f a b) lb) la =
  sum_over (fun b => sum_over (fun a => f a b) la) lb.
Proof.
  intros A B f la lb; induction la as [|a la IH]; simpl.
  - rewrite sum_over_zero; reflexivity.
  - rewrite IH, <- sum_over_plus; reflexivity.
Qed.

Lemma sum_over_ext : forall {A} (f g : A -> R) l, (forall a, In a l -> f a = g a) ->
  sum_over f l = sum_over g l.
Proof.
  intros A f g l H; induction l as [|a l IH]; simpl; auto.
  rewrite IH by (intros; apply H; simpl; auto). rewrite H by (simpl; auto). reflexivity.
Qed.

Lemma count_if_cons : forall f a l,
  count_if f (a :: l) = (if f a then 1 else 0) + count_if f l.
Proof.
  intros f a l; unfold count_if; cbn [filter]. destruct (f a); cbn [length]; [|ring].
  rewrite S_INR; ring.
Qed.

(** A negative's share: #{x > y} + #{x = y} / 2. *)
Lemma share_of_negative : forall xs y,
  sum_over (fun x => pair_weight x y) xs = count_if (Z.ltb y) xs + count_if (Z.eqb y) xs / 2.
Proof.
  induction xs as [|x xs IH]; intros y; simpl.
  - unfold count_if; simpl; field.
  - rewrite IH, !count_if_cons. unfold pair_weight.
    destruct (Z.ltb_spec y x); destruct (Z.eqb_spec x y); destruct (Z.eqb_spec y x);
      subst; try lia; field.
Qed.

(** Grouping a sum over ys by the distinct values vs. *)
Lemma sum_by_values : forall (g : Z -> R) ys vs, NoDup vs -> (forall y, In y ys -> In y vs) ->
  sum_over g ys = sum_over (fun v => count_if (Z.eqb v) ys * g v) vs.
Proof.
  intros g ys vs Hnd; induction ys as [|y ys IH]; intros Hcov; simpl.
  - unfold count_if; simpl. symmetry. rewrite (sum_over_ext _ (fun _ => 0)); [apply sum_over_zero|].
    intros; simpl; ring.
  - rewrite IH by (intros; apply Hcov; simpl; auto).
    assert (Hy : In y vs) by (apply Hcov; simpl; auto).
    transitivity (sum_over (fun v => (if Z.eqb v y then 1 else 0) * g v +
                                      count_if (Z.eqb v) ys * g v) vs).
    + rewrite sum_over_plus. f_equal.
      clear IH Hcov. induction vs as [|v vs IHv]; [contradiction|].
      inversion Hnd as [|v' vs' Hv Hnd']; subst. simpl.
      destruct (Z.eqb_spec v y) as [->|Hne].
      * replace (sum_over (fun v0 => (if (v0 =? y)%Z then 1 else 0) * g v0) vs) with 0; [ring|].
        symmetry; rewrite (sum_over_ext _ (fun _ => 0)); [apply sum_over_zero|].
        intros a Ha; destruct (Z.eqb_spec a y); [subst; contradiction|ring].
      * destruct Hy as [Hy|Hy]; [congruence|]. rewrite IHv; auto; ring.
    + apply sum_over_ext; intros v _. rewrite count_if_cons. ring.
Qed.

Theorem auc_equals_mann_whitney : forall xs ys vs, NoDup vs ->
  (forall y, In y ys -> In y vs) -> auc_counts xs ys vs = mann_whitney_u xs ys.
Proof.
  intros xs ys vs Hnd Hcov. unfold mann_whitney_u. rewrite sum_over_swap.
  rewrite (sum_over_ext _ (fun y => count_if (Z.ltb y) xs + count_if (Z.eqb y) xs / 2))
    by (intros; apply share_of_negative).
  rewrite (sum_by_values _ ys vs Hnd Hcov). unfold auc_counts.
  apply sum_over_ext; intros v _. unfold trapezoid. field.
Qed.

(** In rates: the area under the ROC curve (FPR, TPR) is U / (P N). *)
Theorem auc_roc_mann_whitney : forall xs ys vs, NoDup vs -> (forall y, In y ys -> In y vs) ->
  xs <> [] -> ys <> [] ->
  auc_counts xs ys vs / (INR (length xs) * INR (length ys)) =
  mann_whitney_u xs ys / (INR (length xs) * INR (length ys)).
Proof. intros; rewrite auc_equals_mann_whitney; auto. Qed.

(** * A program: twice the area, in integers, over the distinct negative scores *)

Definition count_z (f : Z -> bool) (l : list Z) : Z := Z.of_nat (length (filter f l)).

(** 2 P N AUC-ROC = sum over the distinct scores v of the negatives of
    #{y = v} (2 #{x > v} + #{x = v}). *)
Definition auc_numerator2 (xs ys : list Z) : Z :=
  fold_right (fun v s => (count_z (Z.eqb v) ys * (2 * count_z (Z.ltb v) xs + count_z (Z.eqb v) xs) + s)%Z)
    0%Z (nodup Z.eq_dec ys).

Lemma count_z_IZR : forall f l, IZR (count_z f l) = count_if f l.
Proof. intros; unfold count_z, count_if; rewrite INR_IZR_INZ; reflexivity. Qed.

Theorem auc_numerator2_is_twice_u : forall xs ys,
  IZR (auc_numerator2 xs ys) = 2 * mann_whitney_u xs ys.
Proof.
  intros xs ys.
  rewrite <- (auc_equals_mann_whitney xs ys (nodup Z.eq_dec ys)).
  - unfold auc_numerator2, auc_counts. induction (nodup Z.eq_dec ys) as [|v vs IH]; cbn [fold_right sum_over].
    + ring.
    + repeat rewrite ?plus_IZR, ?mult_IZR. rewrite !count_z_IZR, IH.
      change (fold_right (fun (a : Z) (s : R) => trapezoid xs ys a + s) 0 vs)
        with (sum_over (trapezoid xs ys) vs).
      unfold trapezoid. field.
  - apply NoDup_nodup.
  - intros y Hy; apply nodup_In; exact Hy.
Qed.
