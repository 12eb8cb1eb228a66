(** Theorem 3.2 of Davis & Goadrich (2006) at the curve level, both directions: for curves over
    the same P > 0 and N > 0, curve I dominates curve II in ROC space iff it dominates it in PR
    space.  Curves are monotone polylines in count space (x = FP, y = TP) from (0, 0) to (N, P)
    (Paths.v); their ROC points are (FP/N, TP/P) and their PR points (TP/P, TP/(TP + FP)).
    Dominance is stated positively: for every point of II there is a point of I at the same
    FPR (ROC) or recall (PR) that is at least as high.  PR points are those with TP > 0 (at
    TP = 0 precision is 0 or undefined; docs/design.md, "Recall 0").

    Also here: the pointwise equivalence behind Corollary 3.1 for any curve I (in particular the
    ROC convex hull, Hull.v): a point is strictly under I in ROC space iff its PR point is
    strictly under I's PR curve, "under" meaning under every point of I at that FP (the vertical
    edge at FP = 0 counts as on the curve) or at that recall (under the lowest value, so the flat
    top edge at TP = P counts as on the curve): the edge conventions of docs/design.md.
    Python: rocpr_exact/geometry/dominance.py (dominates), geometry/achievable.py. *)
From Coq Require Import Reals Lra List.
From RocPr Require Import Paths.
Open Scope R_scope.

Notation origin := (0%R, 0%R).
Definition precision_of (q : pt) : R := snd q / (snd q + fst q).

Section Curves.
  Variables N P : R.
  Hypothesis HN : 0 < N.
  Hypothesis HP : 0 < P.

  Definition roc_dominates (I II : list pt) : Prop :=
    forall q, on_path origin II q ->
      exists q', on_path origin I q' /\ fst q' / N = fst q / N /\ snd q' / P >= snd q / P.

  Definition pr_dominates (I II : list pt) : Prop :=
    forall q, on_path origin II q -> 0 < snd q ->
      exists q', on_path origin I q' /\ snd q' / P = snd q / P /\
                 precision_of q' >= precision_of q.

  Lemma in_box : forall I q, roc_path N P I -> on_path origin I q ->
    0 <= fst q <= N /\ 0 <= snd q <= P.
  Proof.
    intros I q [Hm Hl] Hq. destruct (on_path_bounds I origin q Hm Hq) as [[H1 H2] [H3 H4]].
    rewrite Hl in H3, H4; simpl in *; lra.
  Qed.

  (** A point of I at FP = f and TP >= t gives a point of I at TP = t and FP <= f. *)
  Lemma roc_to_pr_point : forall I q q', roc_path N P I -> on_path origin I q' ->
    0 <= snd q -> fst q' = fst q -> snd q' >= snd q ->
    exists r, on_path origin I r /\ snd r = snd q /\ fst r <= fst q.
  Proof.
    intros I q q' HI Hq' Ht Hf Hge. destruct HI as [Hm Hl].
    assert (Hbox := in_box I q' (conj Hm Hl) Hq').
    destruct (tp_ivt I origin (snd q) Hm) as [r [Hr Hrt]].
    { rewrite Hl; simpl; lra. }
    destruct (on_path_chain I origin r q' Hm Hr Hq') as [[H1 H2]|[H1 H2]].
    - exists r; repeat split; auto; lra.
    - exists q'; repeat split; auto; lra.
  Qed.

  (** A point of I at TP = t and FP <= f gives a point of I at FP = f and TP >= t. *)
  Lemma pr_to_roc_point : forall I q r, roc_path N P I -> on_path origin I r ->
    fst q <= N -> snd r = snd q -> fst r <= fst q ->
    exists q', on_path origin I q' /\ fst q' = fst q /\ snd q' >= snd q.
  Proof.
    intros I q r HI Hr HfN Ht Hf. destruct HI as [Hm Hl].
    assert (Hbox := in_box I r (conj Hm Hl) Hr).
    destruct (fp_ivt I origin (fst q) Hm) as [q' [Hq' Hq'f]].
    { rewrite Hl; simpl; lra. }
    destruct (on_path_chain I origin r q' Hm Hr Hq') as [[H1 H2]|[H1 H2]].
    - exists q'; repeat split; auto; lra.
    - exists r; repeat split; auto; lra.
  Qed.

  Lemma div_eq_iff : forall a b c, 0 < c -> (a / c = b / c <-> a = b).
  Proof.
    intros a b c Hc; split; intros H; [|subst; reflexivity].
    apply Rmult_eq_reg_r with (/ c); [exact H|]. apply Rgt_not_eq, Rinv_0_lt_compat; lra.
  Qed.

  Lemma div_ge_iff : forall a b c, 0 < c -> (a / c >= b / c <-> a >= b).
  Proof.
    intros a b c Hc; split; intros H.
    - apply Rle_ge, Rmult_le_reg_r with (/ c); [apply Rinv_0_lt_compat; lra|].
      apply Rge_le; exact H.
    - apply Rle_ge, Rmult_le_compat_r; [left; apply Rinv_0_lt_compat; lra|lra].
  Qed.

  (** At equal TP = t > 0 and FP >= 0, higher precision is exactly lower FP. *)
  Lemma precision_ge_iff : forall q r, 0 < snd q -> snd r = snd q -> 0 <= fst q -> 0 <= fst r ->
    (precision_of r >= precision_of q <-> fst r <= fst q).
  Proof.
    intros [f t] [g u] Ht Hu Hf Hg; unfold precision_of; simpl in *; subst u.
    set (d := / ((t + g) * (t + f))).
    assert (Hd : 0 < d) by (apply Rinv_0_lt_compat, Rmult_lt_0_compat; lra).
    assert (E : t / (t + g) - t / (t + f) = (f - g) * (t * d)) by (unfold d; field; lra).
    assert (Htd : 0 < t * d) by (apply Rmult_lt_0_compat; lra).
    split; intros H; nra.
  Qed.

  Theorem theorem_3_2 : forall I II, roc_path N P I -> roc_path N P II ->
    (roc_dominates I II <-> pr_dominates I II).
  Proof.
    intros I II HI HII; split.
    - intros Hroc q Hq Ht.
      destruct (Hroc q Hq) as [q' [Hq' [Hf Hge]]].
      apply div_eq_iff in Hf; auto. apply div_ge_iff in Hge; auto.
      destruct (roc_to_pr_point I q q' HI Hq') as [r [Hr [Hrt Hrf]]]; auto; [lra|].
      exists r; split; auto; split; [rewrite Hrt; reflexivity|].
      apply precision_ge_iff; auto.
      + apply (in_box II q HII Hq).
      + apply (in_box I r HI Hr).
    - intros Hpr q Hq.
      destruct (in_box II q HII Hq) as [[Hf0 HfN] [Ht0 HtP]].
      destruct (Rle_lt_or_eq_dec 0 (snd q) Ht0) as [Ht|Ht].
      + destruct (Hpr q Hq Ht) as [r [Hr [Hrt Hge]]].
        apply div_eq_iff in Hrt; auto.
        apply precision_ge_iff in Hge; auto; [|apply (in_box I r HI Hr)].
        destruct (pr_to_roc_point I q r HI Hr) as [q' [Hq' [Hf Ht']]]; auto.
        exists q'; split; auto; split; [rewrite Hf; reflexivity|apply div_ge_iff; auto].
      + destruct HI as [Hm Hl].
        destruct (fp_ivt I origin (fst q) Hm) as [q' [Hq' Hq'f]]; [rewrite Hl; simpl; lra|].
        exists q'; split; auto; split; [rewrite Hq'f; reflexivity|].
        apply div_ge_iff; auto. rewrite <- Ht.
        apply Rle_ge, (in_box I q' (conj Hm Hl) Hq').
  Qed.

  (** Strictly under curve I in ROC space: under every point of I at the same FP. *)
  Definition below_roc (I : list pt) (q : pt) : Prop :=
    forall q', on_path origin I q' -> fst q' = fst q -> snd q < snd q'.

  (** Strictly under I's PR curve, in counts: every point of I at the same TP has smaller FP. *)
  Definition below_pr_counts (I : list pt) (q : pt) : Prop :=
    forall q', on_path origin I q' -> snd q' = snd q -> fst q' < fst q.

  (** ... and in rates: lower precision than every point of I at the same recall. *)
  Definition below_pr (I : list pt) (q : pt) : Prop :=
    forall q', on_path origin I q' -> snd q' / P = snd q / P ->
      precision_of q < precision_of q'.

  Theorem below_roc_iff_below_pr_counts : forall I q, roc_path N P I ->
    0 <= fst q <= N -> 0 <= snd q <= P -> (below_roc I q <-> below_pr_counts I q).
  Proof.
    intros I q HI Hf Ht. pose proof HI as [Hm Hl]. split.
    - intros Hb q' Hq' Hq't.
      destruct (fp_ivt I origin (fst q) Hm) as [r [Hr Hrf]]; [rewrite Hl; simpl; lra|].
      pose proof (Hb r Hr Hrf) as Hbr.
      destruct (on_path_chain I origin q' r Hm Hq' Hr) as [[H1 H2]|[H1 H2]]; [|lra].
      destruct (Req_dec (fst q') (fst q)) as [E|E]; [|lra].
      specialize (Hb q' Hq' E); lra.
    - intros Hb q' Hq' Hq'f.
      destruct (tp_ivt I origin (snd q) Hm) as [r [Hr Hrt]]; [rewrite Hl; simpl; lra|].
      pose proof (Hb r Hr Hrt) as Hbr.
      destruct (on_path_chain I origin q' r Hm Hq' Hr) as [[H1 H2]|[H1 H2]]; [lra|].
      destruct (Req_dec (snd q') (snd q)) as [E|E]; [|lra].
      specialize (Hb q' Hq' E); lra.
  Qed.

  Lemma precision_lt_iff : forall q r, 0 < snd q -> snd r = snd q -> 0 <= fst q -> 0 <= fst r ->
    (precision_of q < precision_of r <-> fst r < fst q).
  Proof.
    intros q r Ht Hr Hq Hr0. split; intros H.
    - destruct (Rlt_or_le (fst r) (fst q)) as [L|L]; auto.
      assert (precision_of q >= precision_of r); [|lra].
      apply precision_ge_iff; auto; lra.
    - destruct (Rlt_or_le (precision_of q) (precision_of r)) as [L|L]; auto.
      apply Rle_ge in L. apply precision_ge_iff in L; auto; [lra|lra].
  Qed.

  (** Corollary 3.1's pointwise core: for a point with TP > 0 in the box, strictly under the
      curve in ROC space iff its PR point is strictly under the curve's PR image. *)
  Theorem below_roc_iff_below_pr : forall I q, roc_path N P I ->
    0 <= fst q <= N -> 0 < snd q <= P -> (below_roc I q <-> below_pr I q).
  Proof.
    intros I q HI Hf Ht. rewrite (below_roc_iff_below_pr_counts I q HI Hf ltac:(lra)).
    unfold below_pr_counts, below_pr. split; intros H q' Hq' E.
    - apply div_eq_iff in E; auto. apply precision_lt_iff; auto; try lra.
      apply (in_box I q' HI Hq').
    - assert (E' : snd q' / P = snd q / P) by (rewrite E; reflexivity).
      pose proof (H q' Hq' E') as L.
      apply precision_lt_iff in L; auto; try lra. apply (in_box I q' HI Hq').
  Qed.
End Curves.
