(** Theorem 3.1 of Davis & Goadrich (2006) as the paper states it, for curves: "for a given
    dataset of positive and negative examples, there exists a one-to-one correspondence between a
    curve in ROC space and a curve in PR space, such that the curves contain exactly the same
    confusion matrices, if Recall <> 0".  A curve is a list of confusion matrices over the same
    P > 0 and N > 0 (in any order: the correspondence does not need the chain); its ROC curve is
    the list of their ROC points, its PR curve the list of their PR points.  The maps between the
    two spaces are explicit formulas on points (roc_to_pr, pr_to_roc, as
    rocpr_exact/core/confusion.py computes them through the matrix); they carry the ROC curve to the
    PR curve and, for curves whose points have recall > 0, back.  Recall 0 (a curve's TP = 0
    prefix): two curves with the same PR curve have the same matrix at every position with
    TP > 0, and the recall-0 points are exactly the ones not recovered
    (Theorem31.theorem_3_1_recall_zero_not_injective). *)
From Coq Require Import Reals Lra Lia List.
From RocPr Require Import Theorem31.
Import ListNotations.
Open Scope R_scope.

Definition roc_curve {P N} (l : list (confusion P N)) : list (R * R) := map roc_point l.
Definition pr_curve {P N} (l : list (confusion P N)) : list (R * R) := map pr_point l.

(** ROC point (FPR, TPR) -> PR point (recall, precision) = (TPR, TPR P / (TPR P + FPR N)). *)
Definition roc_to_pr (P N : R) (q : R * R) : R * R :=
  (snd q, snd q * P / (snd q * P + fst q * N)).
(** PR point (recall, precision), precision > 0 -> ROC point (recall P (1 - precision) /
    (precision N), recall). *)
Definition pr_to_roc (P N : R) (q : R * R) : R * R :=
  (fst q * P * (1 - snd q) / snd q / N, fst q).

Lemma roc_to_pr_point : forall P N (c : confusion P N), (0 < P)%nat -> (0 < N)%nat ->
  roc_to_pr (INR P) (INR N) (roc_point c) = pr_point c.
Proof.
  intros P N c HP HN; apply lt_0_INR in HP; apply lt_0_INR in HN.
  unfold roc_to_pr, roc_point, pr_point, recall, fpr, precision; simpl. f_equal.
  replace (INR (tp c) / INR P * INR P) with (INR (tp c)) by (field; lra).
  replace (INR (fp c) / INR N * INR N) with (INR (fp c)) by (field; lra). reflexivity.
Qed.

Lemma pr_to_roc_point : forall P N (c : confusion P N), (0 < P)%nat -> (0 < N)%nat ->
  (0 < tp c)%nat -> pr_to_roc (INR P) (INR N) (pr_point c) = roc_point c.
Proof.
  intros P N c HP HN Ht; apply lt_0_INR in HP; apply lt_0_INR in HN; apply lt_0_INR in Ht.
  pose proof (pos_INR (fp c)).
  unfold pr_to_roc, roc_point, pr_point, recall, fpr, precision; simpl. f_equal. field; lra.
Qed.

(** The ROC curve determines the curve (every point, recall 0 included). *)
Theorem roc_curve_injective : forall P N (l1 l2 : list (confusion P N)),
  (0 < P)%nat -> (0 < N)%nat -> roc_curve l1 = roc_curve l2 -> l1 = l2.
Proof.
  intros P N l1; induction l1 as [|c l1 IH]; intros [|d l2] HP HN H; unfold roc_curve in H; simpl in H;
    try discriminate; auto.
  assert (Hc : roc_point c = roc_point d) by exact (f_equal (hd (0, 0)) H).
  assert (Hl : map roc_point l1 = map roc_point l2) by exact (f_equal (@tl _) H).
  f_equal; [apply theorem_3_1_roc; auto|apply IH; auto].
Qed.

(** The PR curve determines every matrix of the curve with TP > 0, position by position. *)
Theorem pr_curve_determines : forall P N (l1 l2 : list (confusion P N)), (0 < P)%nat ->
  pr_curve l1 = pr_curve l2 -> length l1 = length l2 /\
  forall i c d, nth_error l1 i = Some c -> nth_error l2 i = Some d -> (0 < tp c)%nat -> c = d.
Proof.
  intros P N l1; induction l1 as [|c l1 IH]; intros [|d l2] HP H; unfold pr_curve in H; simpl in H;
    try discriminate.
  - split; [reflexivity|intros [|i] ? ? E; discriminate].
  - assert (Hc : pr_point c = pr_point d) by exact (f_equal (hd (0, 0)) H).
    assert (Hl : map pr_point l1 = map pr_point l2) by exact (f_equal (@tl _) H).
    destruct (IH l2 HP Hl) as [Hlen Hat]. split; [simpl; lia|].
    intros [|i] c' d' E1 E2 Ht; simpl in E1, E2.
    + injection E1 as <-; injection E2 as <-. apply theorem_3_1_pr; auto.
    + apply (Hat i); auto.
Qed.

(** Theorem 3.1 for curves with recall > 0: the PR curve determines the curve. *)
Theorem pr_curve_injective : forall P N (l1 l2 : list (confusion P N)), (0 < P)%nat ->
  Forall (fun c => (0 < tp c)%nat) l1 -> pr_curve l1 = pr_curve l2 -> l1 = l2.
Proof.
  intros P N l1; induction l1 as [|c l1 IH]; intros [|d l2] HP Hpos H; unfold pr_curve in H; simpl in H;
    try discriminate; auto.
  inversion Hpos; subst.
  assert (Hc : pr_point c = pr_point d) by exact (f_equal (hd (0, 0)) H).
  assert (Hl : map pr_point l1 = map pr_point l2) by exact (f_equal (@tl _) H).
  f_equal; [apply theorem_3_1_pr; auto|apply IH; auto].
Qed.

(** The one-to-one correspondence: roc_to_pr carries every ROC curve to the PR curve of the same
    matrices, pr_to_roc carries the PR curve of a curve with recall > 0 back to its ROC curve,
    and on these curves each space's curve determines the matrices. *)
Theorem theorem_3_1_curves : forall P N (l : list (confusion P N)), (0 < P)%nat -> (0 < N)%nat ->
  map (roc_to_pr (INR P) (INR N)) (roc_curve l) = pr_curve l /\
  (Forall (fun c => (0 < tp c)%nat) l ->
     map (pr_to_roc (INR P) (INR N)) (pr_curve l) = roc_curve l) /\
  (forall l' : list (confusion P N), roc_curve l' = roc_curve l -> l' = l) /\
  (Forall (fun c => (0 < tp c)%nat) l ->
     forall l' : list (confusion P N), pr_curve l' = pr_curve l -> l' = l).
Proof.
  intros P N l HP HN. split; [|split; [|split]].
  - unfold roc_curve, pr_curve. rewrite map_map. apply map_ext; intros c.
    apply roc_to_pr_point; auto.
  - intros Hpos. unfold roc_curve, pr_curve. rewrite map_map. apply map_ext_Forall.
    eapply Forall_impl; [|exact Hpos]. intros c Hc; apply pr_to_roc_point; auto.
  - intros l' H. apply roc_curve_injective; auto.
  - intros Hpos l' H. symmetry. apply pr_curve_injective with (P := P); auto.
Qed.

(** Recall 0 on curves: for every P and N >= 2 two different curves (the one-point curves
    (TP, FP) = (0, 1) and (0, 2)) have the same PR curve. *)
Theorem theorem_3_1_curves_recall_zero : forall P N, (2 <= N)%nat ->
  exists l1 l2 : list (confusion P N), l1 <> l2 /\ pr_curve l1 = pr_curve l2.
Proof.
  intros P N HN. destruct (theorem_3_1_recall_zero_not_injective P N HN) as [c [d [Hne He]]].
  exists [c], [d]. split.
  - intros E; injection E; auto.
  - unfold pr_curve; simpl; rewrite He; reflexivity.
Qed.
