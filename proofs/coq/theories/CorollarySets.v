(** Corollary 3.1 of Davis & Goadrich (2006) for any finite set of points: the operating points
    of several classifiers over the same P > 0 and N > 0, in any order (not one curve's chain),
    with the trivial classifiers (0, 0) and (N, P) added.  The ROC convex hull of the set is
    characterised by what it is (is_roc_hull): a ROC curve (a monotone polyline from (0, 0) to
    (N, P), Paths.v) whose vertices are points of the set, concave (strict right turns), with
    every point of the set on or right of every edge's line.  For such a hull:
    - every point of the set is under it in ROC space, and its PR point under the achievable PR
      curve (the hull's PR image) at the same recall (TP > 0);
    - it dominates, in ROC and in PR space, every curve drawn through points of the set (any
      monotone polyline from (0, 0) to (N, P) with vertices among them: a mix of classifiers);
    - a point is strictly under it in ROC iff its PR point is strictly under the achievable PR
      curve (TP > 0), and two sets' hulls dominate in ROC iff they dominate in PR (Theorem 3.2);
    - the recall-0 rule of rocpr_exact/geometry/achievable.py (below_achievable_pr): the hull's
      first vertex has TP > 0, so the achievable curve's precision at recall 0 (constant along the
      first edge) is > 0; the point (0, 0) is never under the hull, and every point (FP > 0,
      TP = 0), whose PR point is (0, 0), is strictly under it in ROC space, as it is in PR space
      (precision 0 < the recall-0 precision).
    For one curve's chain, Hull.upper_hull computes such a hull (hull_of_chain_is_roc_hull);
    the package's hull functions take one curve at a time. *)
From Coq Require Import ZArith Reals Lra Lia List Sorting.Sorted.
From RocPr Require Import Paths Theorem32 Hull HullSpec HullHalfplane Corollary31.
Import ListNotations.
Open Scope R_scope.

Section Sets.
  Variables N P : R.
  Hypothesis HN : 0 < N.
  Hypothesis HP : 0 < P.

  (** The set with the trivial classifiers "all negative" (0, 0) and "all positive" (N, P). *)
  Definition with_trivial (S : list pt) : list pt := (0, 0) :: (N, P) :: S.

  Definition in_box_all (S : list pt) : Prop :=
    Forall (fun q => 0 <= fst q <= N /\ 0 <= snd q <= P) S.

  Definition is_roc_hull (S vs : list pt) : Prop :=
    roc_path N P vs /\ concaveR (0, 0) vs /\ Forall (fun v => In v (with_trivial S)) vs /\
    forall q, In q (with_trivial S) -> pairs_right (0, 0) vs q.

  Lemma hull_above : forall S vs q, is_roc_hull S vs -> pairs_right (0, 0) vs q ->
    0 <= fst q <= N -> snd q <= P ->
    exists q', on_path (0, 0) vs q' /\ fst q' = fst q /\ snd q' >= snd q.
  Proof.
    intros S vs q [[Hm Hl] [Hc _]] Hr Hf Ht.
    apply (under_path vs (0, 0) q Hm Hr Hc); rewrite Hl; simpl; lra.
  Qed.

  Theorem corollary_3_1_points : forall S vs, in_box_all S -> is_roc_hull S vs ->
    (forall q, In q S -> exists q', on_path (0, 0) vs q' /\ fst q' = fst q /\ snd q' >= snd q) /\
    (forall q, In q S -> 0 < snd q ->
       exists r, on_path (0, 0) vs r /\ snd r / P = snd q / P /\ precision_of r >= precision_of q) /\
    (forall ws, roc_path N P ws -> Forall (fun w => In w (with_trivial S)) ws ->
       roc_dominates N P vs ws /\ pr_dominates P vs ws) /\
    (forall q, 0 <= fst q <= N -> 0 < snd q <= P -> (below_roc vs q <-> below_pr P vs q)).
  Proof.
    intros S vs Hbox Hh. pose proof Hh as [Hroc [Hc [_ Hright]]].
    unfold in_box_all in Hbox; rewrite Forall_forall in Hbox.
    assert (Habove : forall q, In q S ->
      exists q', on_path (0, 0) vs q' /\ fst q' = fst q /\ snd q' >= snd q).
    { intros q Hq. destruct (Hbox q Hq) as [Hf Ht].
      apply (hull_above S vs q Hh); [apply Hright; simpl; auto|lra|lra]. }
    split; [exact Habove|split; [|split]].
    - intros q Hq Ht. destruct (Habove q Hq) as [q' [Hq' [Hf Hge]]].
      destruct (Hbox q Hq) as [Hqf Hqt].
      destruct (roc_to_pr_point N P vs q q' Hroc Hq') as [r [Hr [Hrt Hrf]]]; try lra.
      exists r; split; auto; split; [rewrite Hrt; reflexivity|].
      apply precision_ge_iff; auto; try lra. apply (in_box N P vs r Hroc Hr).
    - intros ws Hws Hin.
      assert (Hdom : roc_dominates N P vs ws).
      { intros z Hz.
        assert (Qz : pairs_right (0, 0) vs z).
        { apply (on_path_invariant (pairs_right (0, 0) vs)) with (vs := ws) (a := (0, 0)).
          - intros u w m Hm Hu Hw; apply pairs_right_lerp; auto.
          - apply Hright; simpl; auto.
          - eapply Forall_impl; [|exact Hin]. intros w Hw. apply Hright; auto.
          - exact Hz. }
        destruct (in_box N P ws z Hws Hz) as [[Hf0 HfN] [Ht0 HtP]].
        destruct (hull_above S vs z Hh Qz) as [y [Hy [Hyf Hyt]]]; try lra.
        exists y; split; [exact Hy|split; [rewrite Hyf; reflexivity|]].
        apply div_ge_iff; auto. }
      split; auto. apply (theorem_3_2 N P HN HP); auto.
    - intros q Hf Ht. apply (below_roc_iff_below_pr N P HP); auto.
  Qed.

  (** Theorem 3.2 for sets of points: one set's hull dominates another's in ROC space iff its
      achievable PR curve dominates the other's. *)
  Theorem theorem_3_2_sets : forall S1 S2 H1 H2, is_roc_hull S1 H1 -> is_roc_hull S2 H2 ->
    (roc_dominates N P H1 H2 <-> pr_dominates P H1 H2).
  Proof.
    intros S1 S2 H1 H2 [R1 _] [R2 _]. apply (theorem_3_2 N P HN HP); auto.
  Qed.

  (** The recall-0 rule, for any concave ROC curve (in particular a set's hull). *)
  Theorem corollary_3_1_recall_zero : forall vs, roc_path N P vs -> concaveR (0, 0) vs ->
    exists v1 rest, vs = v1 :: rest /\ 0 < snd v1 /\ 0 < precision_of v1 /\
      (forall l, 0 < l <= 1 -> precision_of (lerp (0, 0) v1 l) = precision_of v1) /\
      ~ below_roc vs (0, 0) /\
      (forall f, 0 < f -> below_roc vs (f, 0)).
  Proof.
    intros vs [Hm Hl] Hc. destruct vs as [|v1 rest].
    { simpl in Hl. injection Hl; intros; lra. }
    destruct Hm as [[Hx Hy] Hm]. simpl in Hx, Hy.
    assert (Ht : 0 < snd v1).
    { destruct rest as [|v2 rest].
      - simpl in Hl; subst v1; simpl; lra.
      - destruct Hc as [Hc _]. destruct Hm as [[Hx2 Hy2] _]. unfold crossR in Hc; simpl in Hc.
        destruct (Rle_lt_or_eq_dec 0 (snd v1) Hy) as [L|E]; auto.
        rewrite <- E in Hc, Hy2. nra. }
    exists v1, rest. split; [reflexivity|split; [exact Ht|split; [|split; [|split]]]].
    - unfold precision_of; apply Rdiv_lt_0_compat; lra.
    - intros l Hl1. unfold precision_of, lerp; simpl. field. split; [lra|nra].
    - intros Hb. assert (Ho : on_path (0, 0) (v1 :: rest) (0, 0)) by apply on_path_start.
      specialize (Hb (0, 0) Ho eq_refl); simpl in Hb; lra.
    - intros f Hf q' Hq' Hq'f. simpl in Hq'f |- *. destruct Hq' as [[l [Hl1 ->]]|Hq'].
      + unfold lerp in *; simpl in *.
        assert (0 < l) by (destruct (Rle_lt_or_eq_dec 0 l (proj1 Hl1)); auto; subst; lra). nra.
      + destruct (on_path_bounds rest v1 q' Hm Hq') as [[_ Hq] _]. lra.
  Qed.
End Sets.

Lemma last_in_list : forall (m : list zpt) x d, In (last (x :: m) d) (x :: m).
Proof.
  induction m as [|y m IH]; intros x d; [simpl; auto|].
  change (last (x :: y :: m) d) with (last (y :: m) d). right; apply IH.
Qed.

(** For one curve's chain (sorted, from (0, 0) to (N, P)), Hull.upper_hull computes a hull in the
    sense of is_roc_hull, so corollary_3_1_points covers HullSpec.corollary_3_1 and
    Corollary31.corollary_3_1_curves. *)
Theorem hull_of_chain_is_roc_hull : forall l N P, (0 < N)%Z -> (0 < P)%Z ->
  StronglySorted zle ((0, 0)%Z :: l) -> last ((0, 0)%Z :: l) (0, 0)%Z = (N, P) ->
  exists vs, upper_hull ((0, 0)%Z :: l) = (0, 0)%Z :: vs /\
    is_roc_hull (IZR N) (IZR P) (map toR l) (map toR vs).
Proof.
  intros l N P HN HP Hs Hl.
  destruct (chain_hull l N P Hs Hl) as [vs [Ev [Hroc [Hsub [Hconc Hright]]]]].
  assert (HNP : In (N, P) ((0, 0)%Z :: l)) by (rewrite <- Hl; apply last_in_list).
  exists vs; split; auto. split; [exact Hroc|split; [exact Hconc|split]].
  - rewrite Forall_forall. intros v Hv. apply in_map_iff in Hv. destruct Hv as [y [<- Hy]].
    assert (Hy' : In y ((0, 0)%Z :: l)) by (apply Hsub; simpl; auto).
    simpl in Hy'. destruct Hy' as [<-|Hy']; [left; reflexivity|].
    right; right; apply in_map; exact Hy'.
  - intros q Hq.
    assert (Hq' : exists z, In z ((0, 0)%Z :: l) /\ q = toR z).
    { destruct Hq as [<-|[<-|Hq]].
      - exists (0, 0)%Z; simpl; auto.
      - exists (N, P); split; auto.
      - apply in_map_iff in Hq. destruct Hq as [z [<- Hz]]. exists z; simpl; auto. }
    destruct Hq' as [z [Hz ->]]. apply Hright; exact Hz.
Qed.
