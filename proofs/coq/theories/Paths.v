(** Polylines in count space (x = FP, y = TP), described by a start vertex and the list of the
    following vertices; a point lies on a segment A -> B when it is A + l (B - A) for an explicit
    parameter l in [0, 1].  On a monotone polyline (both coordinates non-decreasing along it)
    any two points are comparable, and every value between the ends is taken by each
    coordinate: the two facts every curve-level theorem below is built from. *)
From Coq Require Import Reals Lra List.
Import ListNotations.
Open Scope R_scope.

Definition pt : Type := (R * R)%type.
Definition fpv (q : pt) : R := fst q.
Definition tpv (q : pt) : R := snd q.

Definition lerp (a b : pt) (l : R) : pt :=
  (fst a + l * (fst b - fst a), snd a + l * (snd b - snd a)).

Definition le_pt (p q : pt) : Prop := fst p <= fst q /\ snd p <= snd q.

(** [on_path a vs q]: q lies on the polyline a -> v1 -> ... -> vn. *)
Fixpoint on_path (a : pt) (vs : list pt) (q : pt) : Prop :=
  match vs with
  | [] => q = a
  | b :: rest =>
      (exists l, 0 <= l <= 1 /\ q = lerp a b l) \/ on_path b rest q
  end.

Fixpoint monotone (a : pt) (vs : list pt) : Prop :=
  match vs with
  | [] => True
  | b :: rest => le_pt a b /\ monotone b rest
  end.

Fixpoint last_pt (a : pt) (vs : list pt) : pt :=
  match vs with
  | [] => a
  | b :: rest => last_pt b rest
  end.

Lemma le_pt_refl : forall p, le_pt p p.
Proof. intros [x y]; unfold le_pt; simpl; lra. Qed.

Lemma le_pt_trans : forall p q r, le_pt p q -> le_pt q r -> le_pt p r.
Proof. intros [? ?] [? ?] [? ?]; unfold le_pt; simpl; lra. Qed.

Lemma on_path_start : forall a vs, on_path a vs a.
Proof.
  intros a [|b vs]; simpl; auto.
  left; exists 0; split; [lra|]; unfold lerp; destruct a, b; simpl; f_equal; ring.
Qed.

Lemma on_path_last : forall a vs, on_path a vs (last_pt a vs).
Proof.
  intros a vs; revert a; induction vs as [|b vs IH]; intros a; simpl; auto.
Qed.

Lemma lerp_le : forall a b l, le_pt a b -> 0 <= l <= 1 ->
  le_pt a (lerp a b l) /\ le_pt (lerp a b l) b.
Proof.
  intros [ax ay] [bx by_] l [Hx Hy] Hl; unfold le_pt, lerp; simpl in *.
  repeat split; nra.
Qed.

(** Every point of a monotone path lies between its start and its end. *)
Lemma on_path_bounds : forall vs a q, monotone a vs -> on_path a vs q ->
  le_pt a q /\ le_pt q (last_pt a vs).
Proof.
  induction vs as [|b vs IH]; intros a q Hm Hq; simpl in *.
  - subst; split; apply le_pt_refl.
  - destruct Hm as [Hab Hm]; destruct Hq as [[l [Hl ->]]|Hq].
    + destruct (lerp_le a b l Hab Hl) as [H1 H2]; split; auto.
      apply le_pt_trans with b; auto. apply (IH b b Hm (on_path_start b vs)).
    + destruct (IH b q Hm Hq) as [H1 H2]; split; auto. apply le_pt_trans with b; auto.
Qed.

(** Any two points of a monotone path are comparable: the path is a chain. *)
Theorem on_path_chain : forall vs a p q, monotone a vs -> on_path a vs p -> on_path a vs q ->
  le_pt p q \/ le_pt q p.
Proof.
  induction vs as [|b vs IH]; intros a p q Hm Hp Hq; simpl in *.
  - subst; left; apply le_pt_refl.
  - destruct Hm as [Hab Hm].
    destruct Hp as [[l1 [Hl1 ->]]|Hp]; destruct Hq as [[l2 [Hl2 ->]]|Hq].
    + destruct a as [ax ay], b as [bx by_]; unfold le_pt, lerp in *; simpl in *.
      destruct Hab as [Hx Hy].
      destruct (Rle_dec l1 l2); [left|right]; split; nra.
    + left. apply le_pt_trans with b. apply (lerp_le a b l1 Hab Hl1).
      apply (on_path_bounds vs b q Hm Hq).
    + right. apply le_pt_trans with b. apply (lerp_le a b l2 Hab Hl2).
      apply (on_path_bounds vs b p Hm Hp).
    + eauto.
Qed.

(** Intermediate values: a monotone path takes every FP between its ends, and every TP. *)
Section IVT.
  Variable coord : pt -> R.
  Hypothesis coord_lerp : forall a b l, coord (lerp a b l) = coord a + l * (coord b - coord a).
  Hypothesis coord_mono : forall p q, le_pt p q -> coord p <= coord q.

  Lemma path_ivt : forall vs a v, monotone a vs -> coord a <= v <= coord (last_pt a vs) ->
    exists q, on_path a vs q /\ coord q = v.
  Proof.
    induction vs as [|b vs IH]; intros a v Hm Hv; simpl in *.
    - exists a; split; auto; lra.
    - destruct Hm as [Hab Hm].
      destruct (Rle_dec v (coord b)) as [Hvb|Hvb].
      + destruct (Req_dec (coord b) (coord a)) as [Heq|Hne].
        * exists a; split; [left; exists 0; split; [lra|]|lra].
          unfold lerp; destruct a; f_equal; simpl; ring.
        * assert (Hlt : coord a < coord b) by (pose proof (coord_mono a b Hab); lra).
          exists (lerp a b ((v - coord a) / (coord b - coord a))); split.
          -- left; eexists; split; [|reflexivity]. split.
             ++ unfold Rdiv; apply Rmult_le_pos; [lra|]. left; apply Rinv_0_lt_compat; lra.
             ++ apply Rmult_le_reg_r with (coord b - coord a); [lra|].
                unfold Rdiv; rewrite Rmult_assoc, Rinv_l; lra.
          -- rewrite coord_lerp. field. lra.
      + destruct (IH b v Hm) as [q [Hq Hc]]; [lra|]. exists q; auto.
  Qed.
End IVT.

Lemma fp_ivt : forall vs a v, monotone a vs -> fst a <= v <= fst (last_pt a vs) ->
  exists q, on_path a vs q /\ fst q = v.
Proof.
  apply path_ivt; [intros; reflexivity|intros p q H; apply H].
Qed.

Lemma tp_ivt : forall vs a v, monotone a vs -> snd a <= v <= snd (last_pt a vs) ->
  exists q, on_path a vs q /\ snd q = v.
Proof.
  apply path_ivt; [intros; reflexivity|intros p q H; apply H].
Qed.

(** A ROC curve in count space: a monotone path from (0, 0) to (N, P). *)
Definition roc_path (N P : R) (vs : list pt) : Prop :=
  monotone (0, 0) vs /\ last_pt (0, 0) vs = (N, P).
