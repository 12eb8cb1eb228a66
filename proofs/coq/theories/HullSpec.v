(** What the hull algorithm of Hull.v returns, stated on its output in curve order, and as a
    polyline of Paths.v: from the first input point to the last, through input points only,
    monotone, concave (strict right turns), on or above every input point; then Corollary 3.1
    for it: the achievable PR curve (the hull's PR image) is above every input point's PR point,
    and "strictly under the hull in ROC" equals "strictly under the achievable PR curve". *)
From Coq Require Import ZArith Reals Lra Lia List Sorting.Sorted.
From RocPr Require Import Paths Theorem32 Hull.
Import ListNotations.

Local Open Scope Z_scope.

Lemma redges_split : forall h a b, In (a, b) (redges h) -> exists l1 l2, h = l1 ++ b :: a :: l2.
Proof.
  induction h as [|x t IH]; intros a b H; [inversion H|].
  destruct t as [|y t]; [inversion H|]. simpl in H. destruct H as [H|H].
  - injection H as -> ->. exists [], t; reflexivity.
  - destruct (IH a b H) as [l1 [l2 E]]. exists (x :: l1), l2. rewrite E; reflexivity.
Qed.

Lemma desc_split : forall l1 a b l2, desc (l1 ++ b :: a :: l2) -> zle a b.
Proof.
  intros l1 a b l2 H. apply desc_app in H. apply H.
Qed.

Lemma rconcave_split : forall l1 a b c l2, rconcave (l1 ++ c :: b :: a :: l2) -> cross a b c < 0.
Proof.
  intros l1 a b c l2 H. apply rconcave_app in H. apply H.
Qed.

Lemma rev_split2 : forall (h l1 l2 : list zpt) a b, rev h = l1 ++ a :: b :: l2 ->
  h = rev l2 ++ b :: a :: rev l1.
Proof.
  intros h l1 l2 a b E. rewrite <- (rev_involutive h), E.
  rewrite rev_app_distr; simpl. rewrite <- !app_assoc; reflexivity.
Qed.

Lemma rev_split3 : forall (h l1 l2 : list zpt) a b c, rev h = l1 ++ a :: b :: c :: l2 ->
  h = rev l2 ++ c :: b :: a :: rev l1.
Proof.
  intros h l1 l2 a b c E. rewrite <- (rev_involutive h), E.
  rewrite rev_app_distr; simpl. rewrite <- !app_assoc; reflexivity.
Qed.

(** The algorithm's guarantees, for every componentwise-sorted input. *)
Theorem upper_hull_spec : forall x l, StronglySorted zle (x :: l) ->
  let v := upper_hull (x :: l) in
  (exists vs, v = x :: vs) /\
  last v x = last (x :: l) x /\
  (forall y, In y v -> In y (x :: l)) /\
  (forall l1 a b l2, v = l1 ++ a :: b :: l2 -> zle a b) /\
  (forall l1 a b c l2, v = l1 ++ a :: b :: c :: l2 -> cross a b c < 0) /\
  (forall q, In q (x :: l) -> q = last v x \/
     exists l1 a b l2, v = l1 ++ a :: b :: l2 /\ zle a q /\ zle q b /\ cross a b q <= 0).
Proof.
  intros x l Hs v. inversion Hs as [|x' l' Hs' Hall]; subst.
  assert (Hinv : inv [x] [x]).
  { split; [discriminate|split; [exact I|split; [exact I|split; [auto|split]]]].
    - intros q [<-|[]]; right; reflexivity.
    - intros q [<-|[]]; apply zle_refl. }
  assert (HSl : forall y p, In y [x] -> In p l -> zle y p).
  { intros y p [<-|[]] Hp. rewrite Forall_forall in Hall; auto. }
  destruct (scan_inv l [x] [x] Hinv HSl Hs') as [Hne [Hd [Hc [Hincl [Hcov _]]]]].
  simpl app in *. unfold v, upper_hull. set (H := scan [x] l) in *.
  assert (Hbot : last H x = x) by (unfold H; rewrite <- scan_bottom; [reflexivity|discriminate]).
  assert (Htop : hd_error H = Some (last (x :: l) x)).
  { unfold H. destruct l as [|p l] using rev_ind; [reflexivity|].
    rewrite scan_top. rewrite app_comm_cons, last_app_ne; [reflexivity|discriminate]. }
  assert (Hlast : forall d, last (rev H) d = hd d H).
  { intros d. destruct H as [|a t]; [contradiction|]. simpl. rewrite last_app_ne; [reflexivity|discriminate]. }
  split; [|split; [|split; [|split; [|split]]]].
  - exists (rev (removelast H)).
    rewrite (app_removelast_last x Hne) at 1. rewrite rev_app_distr, Hbot. reflexivity.
  - rewrite Hlast. destruct H as [|a t]; [contradiction|]. injection Htop as ->. reflexivity.
  - intros y Hy. apply Hincl, in_rev; exact Hy.
  - intros l1 a b l2 E. apply rev_split2 in E. rewrite E in Hd. eapply desc_split; eauto.
  - intros l1 a b c l2 E. apply rev_split3 in E. rewrite E in Hc. eapply rconcave_split; eauto.
  - intros q Hq. destruct (Hcov q Hq) as [[[a b] [He [H1 [H2 H3]]]]|Hq'].
    + right. destruct (redges_split H a b He) as [l1 [l2 E]].
      exists (rev l2), a, b, (rev l1). split; auto.
      rewrite E, rev_app_distr; simpl. rewrite <- !app_assoc; reflexivity.
    + left. rewrite Hlast. destruct H as [|a t]; [contradiction|]. injection Hq' as ->. reflexivity.
Qed.

(** * The hull as a polyline of reals *)

Local Open Scope R_scope.

Definition toR (q : zpt) : pt := (IZR (fst q), IZR (snd q)).

Lemma on_path_segment : forall vs a l1 u w l2 lam, a :: vs = l1 ++ u :: w :: l2 ->
  0 <= lam <= 1 -> on_path (toR a) (map toR vs) (lerp (toR u) (toR w) lam).
Proof.
  induction vs as [|v vs IH]; intros a l1 u w l2 lam E Hl.
  - destruct l1 as [|y [|z l1]]; simpl in E; discriminate.
  - destruct l1 as [|y l1]; simpl in E; injection E as E1 E2.
    + subst. simpl. left; exists lam; auto.
    + simpl. right. apply (IH v l1 u w l2 lam); auto.
Qed.

Lemma monotone_of_pairs : forall vs a,
  (forall l1 u w l2, a :: vs = l1 ++ u :: w :: l2 -> zle u w) -> monotone (toR a) (map toR vs).
Proof.
  induction vs as [|v vs IH]; intros a H; simpl; auto. split.
  - destruct (H [] a v vs eq_refl) as [H1 H2]. unfold le_pt, toR; simpl.
    split; apply IZR_le; assumption.
  - apply IH. intros l1 u w l2 E. apply (H (a :: l1) u w l2). rewrite E; reflexivity.
Qed.

Lemma last_pt_map_any : forall vs a d, last_pt (toR a) (map toR vs) = toR (last (a :: vs) d).
Proof.
  induction vs as [|v vs IH]; intros a d; simpl; auto. rewrite (IH v d). destruct vs; reflexivity.
Qed.

Lemma last_pt_map : forall vs a, last_pt (toR a) (map toR vs) = toR (last (a :: vs) a).
Proof. intros; apply last_pt_map_any. Qed.

Lemma on_path_vertex_last : forall vs a, on_path (toR a) (map toR vs) (toR (last (a :: vs) a)).
Proof. intros vs a. rewrite <- last_pt_map. apply on_path_last. Qed.

(** A point in the box of an edge, on or to its right, is on or under the segment. *)
Lemma under_segment : forall u w q, zle u q -> zle q w -> (cross u w q <= 0)%Z ->
  exists lam, 0 <= lam <= 1 /\ fst (lerp (toR u) (toR w) lam) = IZR (fst q) /\
              snd (lerp (toR u) (toR w) lam) >= IZR (snd q).
Proof.
  intros [ux uy] [wx wy] [qx qy] [H1 H2] [H3 H4] H5; unfold cross, toR, lerp in *; simpl in *.
  apply IZR_le in H1; apply IZR_le in H2; apply IZR_le in H3; apply IZR_le in H4.
  apply IZR_le in H5. rewrite minus_IZR, !mult_IZR, !minus_IZR in H5.
  destruct (Req_dec (IZR ux) (IZR wx)) as [E|E].
  - exists 1. repeat split; lra.
  - exists ((IZR qx - IZR ux) / (IZR wx - IZR ux)).
    assert (Hd : 0 < IZR wx - IZR ux) by lra.
    set (d := IZR wx - IZR ux) in *.
    assert (Hlam : (IZR qx - IZR ux) / d * d = IZR qx - IZR ux) by (field; lra).
    repeat split.
    + unfold Rdiv; apply Rmult_le_pos; [lra|left; apply Rinv_0_lt_compat; lra].
    + apply Rmult_le_reg_r with d; auto. rewrite Hlam; unfold d; lra.
    + field; lra.
    + apply Rle_ge, Rmult_le_reg_r with d; auto.
      replace ((IZR uy + (IZR qx - IZR ux) / d * (IZR wy - IZR uy)) * d)
        with (IZR uy * d + (IZR qx - IZR ux) * (IZR wy - IZR uy)) by (field; lra).
      unfold d in *; nra.
Qed.

(** The hull of a curve's points (sorted, from (0, 0) to (N, P)) is a ROC curve in the sense
    of Paths.v, and it is on or above every input point: at each input point's FP it has a
    point at least as high. *)
Theorem hull_is_roc_curve_above_points : forall l N P, StronglySorted zle ((0, 0)%Z :: l) ->
  last ((0, 0)%Z :: l) (0, 0)%Z = (N, P) ->
  exists vs, upper_hull ((0, 0)%Z :: l) = (0, 0)%Z :: vs /\
    roc_path (IZR N) (IZR P) (map toR vs) /\
    forall q, In q ((0, 0)%Z :: l) ->
      exists q', on_path (0, 0) (map toR vs) q' /\ fst q' = IZR (fst q) /\ snd q' >= IZR (snd q).
Proof.
  intros l N P Hs Hl.
  destruct (upper_hull_spec (0, 0)%Z l Hs) as [[vs Ev] [Hlast [_ [Hmono [_ Hcov]]]]].
  exists vs. rewrite Ev in Hlast, Hmono, Hcov. split; [exact Ev|]. split.
  - split; [apply (monotone_of_pairs vs (0, 0)%Z Hmono)|].
    change (0, 0) with (toR (0%Z, 0%Z)). rewrite last_pt_map. transitivity (toR (N, P)); [f_equal; exact (eq_trans Hlast Hl)|reflexivity].
  - intros q Hq. destruct (Hcov q Hq) as [E|[l1 [u [w [l2 [E [H1 [H2 H3]]]]]]]].
    + exists (toR q). split; [|unfold toR; simpl; lra].
      rewrite E. apply (on_path_vertex_last vs (0, 0)%Z).
    + destruct (under_segment u w q H1 H2 H3) as [lam [Hlam [Hf Ht]]].
      exists (lerp (toR u) (toR w) lam). split; auto.
      apply (on_path_segment vs (0, 0)%Z l1 u w l2 lam E Hlam).
Qed.

(** Corollary 3.1, for the hull of a curve's points: (1) the achievable PR curve (the image of
    the hull) is at least as high as the PR point of every input point with TP > 0, at the same
    recall; (2) a point of the box is strictly under the hull in ROC space iff its PR point
    (TP > 0) is strictly under the achievable PR curve (Theorem32.below_roc_iff_below_pr). *)
Theorem corollary_3_1 : forall l N P, (0 < N)%Z -> (0 < P)%Z ->
  StronglySorted zle ((0, 0)%Z :: l) -> last ((0, 0)%Z :: l) (0, 0)%Z = (N, P) ->
  exists vs, upper_hull ((0, 0)%Z :: l) = (0, 0)%Z :: vs /\
    (forall q, In q ((0, 0)%Z :: l) -> (0 < snd q)%Z ->
       exists r, on_path (0, 0) (map toR vs) r /\ snd r / IZR P = IZR (snd q) / IZR P /\
         precision_of r >= precision_of (toR q)) /\
    (forall q : pt, 0 <= fst q <= IZR N -> 0 < snd q <= IZR P ->
       (below_roc (map toR vs) q <-> below_pr (IZR P) (map toR vs) q)).
Proof.
  intros l N P HN HP Hs Hl.
  destruct (hull_is_roc_curve_above_points l N P Hs Hl) as [vs [Ev [Hroc Habove]]].
  apply IZR_lt in HN; apply IZR_lt in HP.
  exists vs; split; auto; split.
  - intros q Hq Ht. apply IZR_lt in Ht.
    destruct (Habove q Hq) as [q' [Hq' [Hf Hge]]].
    destruct (roc_to_pr_point (IZR N) (IZR P) (map toR vs) (toR q) q' Hroc Hq')
      as [r [Hr [Hrt Hrf]]]; unfold toR; simpl; try lra.
    exists r; split; auto; split; [rewrite Hrt; reflexivity|].
    assert (Hin : Forall (fun y => (0 <= fst y /\ 0 <= snd y)%Z) ((0, 0)%Z :: l)).
    { constructor; [simpl; lia|]. inversion Hs; subst. eapply Forall_impl; [|eassumption].
      intros [a b] [Ha Hb]; simpl in *; lia. }
    rewrite Forall_forall in Hin. destruct (Hin q Hq) as [Hq0 _].
    apply precision_ge_iff; auto; simpl; try lra.
    + apply IZR_le; exact Hq0.
    + apply (in_box (IZR N) (IZR P) (map toR vs) r Hroc Hr).
  - intros q Hf Ht. apply (below_roc_iff_below_pr (IZR N) (IZR P) HP); auto.
Qed.
