(** Corollary 3.1 of Davis & Goadrich (2006) for whole curves: given a curve's points (sorted,
    from (0, 0) to (N, P)), the ROC convex hull computed by Hull.upper_hull dominates in ROC space
    every curve that can be drawn through these points (any monotone polyline from (0, 0) to
    (N, P) whose vertices are among them, with straight segments), so by Theorem 3.2 the
    achievable PR curve (the hull's PR image) dominates the PR curve of every such curve.
    Built from HullHalfplane.v: the points, hence every point of a segment between two of them,
    are on or right of every hull edge's line; and a point of the box that is right of every
    edge of a concave monotone path is under the path. *)
From Coq Require Import ZArith Reals Lra Lia List Sorting.Sorted.
From RocPr Require Import Paths Theorem32 Hull HullSpec HullHalfplane.
Import ListNotations.
Open Scope R_scope.

Definition crossR (a b z : pt) : R :=
  (fst b - fst a) * (snd z - snd a) - (snd b - snd a) * (fst z - fst a).

Fixpoint pairs_right (a : pt) (vs : list pt) (z : pt) : Prop :=
  match vs with [] => True | b :: rest => crossR a b z <= 0 /\ pairs_right b rest z end.

Fixpoint concaveR (a : pt) (vs : list pt) : Prop :=
  match vs with
  | b :: ((c :: _) as rest) => crossR a b c < 0 /\ concaveR b rest
  | _ => True
  end.

Lemma crossR_toR : forall a b q, crossR (toR a) (toR b) (toR q) = IZR (cross a b q).
Proof.
  intros [ax ay] [bx by_] [qx qy]; unfold crossR, toR, cross; simpl.
  rewrite minus_IZR, !mult_IZR, !minus_IZR. reflexivity.
Qed.

Lemma pairs_right_lerp : forall vs a u w l, 0 <= l <= 1 ->
  pairs_right a vs u -> pairs_right a vs w -> pairs_right a vs (lerp u w l).
Proof.
  induction vs as [|b vs IH]; intros a u w l Hl Hu Hw; simpl in *; auto.
  destruct Hu as [Hu Hu'], Hw as [Hw Hw']. split; [|apply IH; auto].
  replace (crossR a b (lerp u w l)) with ((1 - l) * crossR a b u + l * crossR a b w)
    by (unfold crossR, lerp; simpl; ring).
  assert (0 <= 1 - l) by lra. nra.
Qed.

Lemma on_path_invariant : forall (Q : pt -> Prop),
  (forall u w l, 0 <= l <= 1 -> Q u -> Q w -> Q (lerp u w l)) ->
  forall vs a z, Q a -> Forall Q vs -> on_path a vs z -> Q z.
Proof.
  intros Q HQ; induction vs as [|b vs IH]; intros a z Ha Hvs Hz; simpl in *.
  - subst; exact Ha.
  - inversion Hvs; subst. destruct Hz as [[l [Hl ->]]|Hz]; [apply HQ; auto|eapply IH; eauto].
Qed.

(** A point of the box right of every edge of a concave monotone path is under the path. *)
Lemma under_path : forall vs a z, monotone a vs -> pairs_right a vs z -> concaveR a vs ->
  fst a <= fst z <= fst (last_pt a vs) -> snd z <= snd (last_pt a vs) ->
  exists y, on_path a vs y /\ fst y = fst z /\ snd y >= snd z.
Proof.
  induction vs as [|b vs IH]; intros a z Hm Hp Hc Hf Ht; simpl in *.
  - exists a; split; auto; split; lra.
  - destruct Hm as [[Hx Hy] Hm]. destruct Hp as [Hab Hp].
    destruct (Rle_dec (fst z) (fst b)) as [Hzb|Hzb].
    + destruct (Req_dec (fst a) (fst b)) as [Eab|Nab].
      * (* a vertical edge: z is at its FP; b is at least as high *)
        exists b; split; [right; apply on_path_start|split; [lra|]].
        destruct vs as [|c vs]; simpl in *; [lra|].
        destruct Hc as [Hc _]. destruct Hp as [Hbc _]. destruct Hm as [[Hx' Hy'] _].
        unfold crossR in Hc, Hbc. rewrite Eab in Hc.
        assert (Hpos : (snd b - snd a) * (fst c - fst b) > 0) by nra.
        assert (fst c - fst b > 0).
        { destruct (Rle_lt_dec (fst c - fst b) 0) as [L|L]; auto.
          assert (fst c - fst b = 0) by lra. rewrite H in Hpos. lra. }
        replace (fst z - fst b) with 0 in Hbc by lra. nra.
      * set (l := (fst z - fst a) / (fst b - fst a)).
        assert (Hd : 0 < fst b - fst a) by lra.
        assert (Hl : l * (fst b - fst a) = fst z - fst a) by (unfold l; field; lra).
        exists (lerp a b l). split.
        -- left; exists l; split; [|reflexivity]. split.
           ++ unfold l, Rdiv; apply Rmult_le_pos; [lra|left; apply Rinv_0_lt_compat; lra].
           ++ apply Rmult_le_reg_r with (fst b - fst a); auto. lra.
        -- unfold lerp; simpl. split; [lra|].
           unfold crossR in Hab. apply Rle_ge.
           apply Rmult_le_reg_r with (fst b - fst a); auto.
           replace ((snd a + l * (snd b - snd a)) * (fst b - fst a))
             with (snd a * (fst b - fst a) + (snd b - snd a) * (l * (fst b - fst a))) by ring.
           rewrite Hl. nra.
    + destruct (IH b z Hm Hp) as [y [Hyp [Hyf Hyt]]]; auto.
      * destruct vs as [|c vs]; simpl in *; auto. apply Hc.
      * lra.
      * exists y; split; auto.
Qed.

Lemma pairs_right_of_halfplane : forall vs x q,
  (forall l1 a b l2, x :: vs = l1 ++ a :: b :: l2 -> (cross a b q <= 0)%Z) ->
  pairs_right (toR x) (map toR vs) (toR q).
Proof.
  induction vs as [|v vs IH]; intros x q H; simpl; auto. split.
  - rewrite crossR_toR. apply (IZR_le _ 0). exact (H [] x v vs eq_refl).
  - apply IH. intros l1 a b l2 E. apply (H (x :: l1) a b l2). rewrite E; reflexivity.
Qed.

Lemma concaveR_of_turns : forall vs x,
  (forall l1 a b c l2, x :: vs = l1 ++ a :: b :: c :: l2 -> (cross a b c < 0)%Z) ->
  concaveR (toR x) (map toR vs).
Proof.
  induction vs as [|v vs IH]; intros x H; simpl; auto.
  destruct vs as [|c vs]; simpl; auto. split.
  - rewrite crossR_toR. apply (IZR_lt _ 0). exact (H [] x v c vs eq_refl).
  - apply (IH v). intros l1 a b c' l2 E. apply (H (x :: l1) a b c' l2). rewrite E; reflexivity.
Qed.

(** What the hull of a chain is, as Corollary 3.1 uses it (here and in CorollarySets.v): a ROC
    curve from (0, 0) through input points only, concave, every input point right of every edge. *)
Lemma chain_hull : forall l N P,
  StronglySorted zle ((0, 0)%Z :: l) -> last ((0, 0)%Z :: l) (0, 0)%Z = (N, P) ->
  exists vs : list zpt, upper_hull ((0, 0)%Z :: l) = (0, 0)%Z :: vs /\
    roc_path (IZR N) (IZR P) (map toR vs) /\
    (forall y, In y ((0, 0)%Z :: vs) -> In y ((0, 0)%Z :: l)) /\
    concaveR (toR (0, 0)%Z) (map toR vs) /\
    (forall q, In q ((0, 0)%Z :: l) -> pairs_right (toR (0, 0)%Z) (map toR vs) (toR q)).
Proof.
  intros l N P Hs Hl.
  destruct (hull_is_roc_curve_above_points l N P Hs Hl) as [vs [Ev [Hroc _]]].
  pose proof (upper_hull_spec (0, 0)%Z l Hs) as Spec. cbv zeta in Spec.
  destruct Spec as [_ [_ [Hsub [_ [Hturn0 _]]]]].
  exists vs; split; [exact Ev|split; [exact Hroc|split; [|split]]].
  - intros y Hy. apply Hsub. exact (eq_rect _ (fun m => In y m) Hy _ (eq_sym Ev)).
  - apply concaveR_of_turns. intros l1 a b c l2 E; exact (Hturn0 l1 a b c l2 (eq_trans Ev E)).
  - intros q Hq; apply pairs_right_of_halfplane. intros l1 a b l2 E.
    exact (upper_hull_halfplane (0, 0)%Z l Hs q Hq l1 a b l2 (eq_trans Ev E)).
Qed.

Theorem corollary_3_1_curves : forall l N P, (0 < N)%Z -> (0 < P)%Z ->
  StronglySorted zle ((0, 0)%Z :: l) -> last ((0, 0)%Z :: l) (0, 0)%Z = (N, P) ->
  exists vs, upper_hull ((0, 0)%Z :: l) = (0, 0)%Z :: vs /\
    roc_path (IZR N) (IZR P) (map toR vs) /\
    forall ws, roc_path (IZR N) (IZR P) ws ->
      Forall (fun w => exists q, In q ((0, 0)%Z :: l) /\ w = toR q) ws ->
      roc_dominates (IZR N) (IZR P) (map toR vs) ws /\
      pr_dominates (IZR P) (map toR vs) ws.
Proof.
  intros l N P HN HP Hs Hl.
  destruct (chain_hull l N P Hs Hl) as [vs [Ev [Hroc [_ [Hconc Hright]]]]].
  apply IZR_lt in HN; apply IZR_lt in HP.
  exists vs; split; auto; split; auto. intros ws Hws Hin.
  assert (Hdom : roc_dominates (IZR N) (IZR P) (map toR vs) ws).
  { intros z Hz.
    assert (Qz : pairs_right (toR (0, 0)%Z) (map toR vs) z).
    { apply (on_path_invariant (pairs_right (toR (0, 0)%Z) (map toR vs)))
        with (vs := ws) (a := (0, 0)); auto.
      - intros u w m Hm Hu Hw; apply pairs_right_lerp; auto.
      - apply (Hright (0, 0)%Z); simpl; auto.
      - eapply Forall_impl; [|exact Hin]. intros w [q [Hq ->]]. apply Hright; auto. }
    destruct (in_box (IZR N) (IZR P) ws z Hws Hz) as [[Hf0 HfN] [Ht0 HtP]].
    destruct Hroc as [Hm Hlast].
    destruct (under_path (map toR vs) (toR (0, 0)%Z) z Hm Qz) as [y [Hy [Hyf Hyt]]].
    - exact Hconc.
    - change (toR (0, 0)%Z) with (0, 0). rewrite Hlast; simpl; lra.
    - change (toR (0, 0)%Z) with (0, 0). rewrite Hlast; simpl; lra.
    - exists y; split; [exact Hy|split; [rewrite Hyf; reflexivity|]].
      apply div_ge_iff; auto. }
  split; auto. apply (theorem_3_2 (IZR N) (IZR P) HN HP); auto.
Qed.
