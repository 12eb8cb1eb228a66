(** The ROC convex hull as rocpr_exact/geometry/hull.py computes it (hull_vertex_indices):
    Andrew's monotone chain over integer points (x = FP, y = TP) sorted along the curve, one
    left-to-right pass that drops the last vertex while it does not make a strict right turn,
    decided by an integer cross product.  The stack is kept reversed (head = last vertex).

    Proved for every input list sorted componentwise (a curve's points are):
    - the result starts at the first input point and ends at the last one;
    - its vertices are input points, in input order (componentwise non-decreasing);
    - every turn is a strict right turn (concave; collinear vertices are dropped);
    - every input point is the last vertex or lies in the box of some hull edge A -> B
      (A <= q <= B componentwise) on or to the right of it (cross(A, B, q) <= 0), i.e. on or under
      the hull (HullPath.v turns this into "the polyline has a point at the same FP at least as
      high"). *)
From Coq Require Import ZArith Lia List Sorting.Sorted.
Import ListNotations.
Open Scope Z_scope.

Definition zpt : Type := (Z * Z)%type.

(** [cross a b c] > 0: c is to the left of a -> b (a left turn); < 0: to the right.  The
    package's [cross(dtp_b, dfp_b, dtp_i, dfp_i)] (rocpr_exact/core/counts.py) is its negation:
    hull.py keeps b when that is > 0, i.e. when [cross a b i < 0]. *)
Definition cross (a b c : zpt) : Z :=
  (fst b - fst a) * (snd c - snd a) - (snd b - snd a) * (fst c - fst a).

Definition zle (p q : zpt) : Prop := fst p <= fst q /\ snd p <= snd q.

Lemma zle_refl : forall p, zle p p.
Proof. intros; split; lia. Qed.
Lemma zle_trans : forall p q r, zle p q -> zle q r -> zle p r.
Proof. unfold zle; intros; lia. Qed.

(** Drop the top of the stack while it does not make a strict right turn towards p. *)
Fixpoint pop (p : zpt) (h : list zpt) : list zpt :=
  match h with
  | b :: ((a :: _) as t) => if Z.leb 0 (cross a b p) then pop p t else h
  | _ => h
  end.

Fixpoint scan (h : list zpt) (l : list zpt) : list zpt :=
  match l with
  | [] => h
  | p :: l' => scan (p :: pop p h) l'
  end.

(** The hull's vertices in curve order. *)
Definition upper_hull (l : list zpt) : list zpt :=
  match l with
  | [] => []
  | x :: l' => rev (scan [x] l')
  end.

(** * Stacks: edges, order, turns *)

Fixpoint redges (h : list zpt) : list (zpt * zpt) :=
  match h with
  | b :: ((a :: _) as t) => (a, b) :: redges t
  | _ => []
  end.

Fixpoint desc (h : list zpt) : Prop :=
  match h with
  | b :: ((a :: _) as t) => zle a b /\ desc t
  | _ => True
  end.

Fixpoint rconcave (h : list zpt) : Prop :=
  match h with
  | c :: ((b :: a :: _) as t) => cross a b c < 0 /\ rconcave t
  | _ => True
  end.

Definition spans (e : zpt * zpt) (q : zpt) : Prop :=
  zle (fst e) q /\ zle q (snd e) /\ cross (fst e) (snd e) q <= 0.

Definition covered (h : list zpt) (q : zpt) : Prop :=
  exists e, In e (redges h) /\ spans e q.

(** The two local facts about one pop: when b is dropped (a, b, p not a strict right turn),
    whatever edge a -> b or b -> p covered is covered by a -> p. *)
Lemma left_at_origin : forall qx qy bx by_ px py,
  0 <= qx <= bx -> 0 <= qy <= by_ -> bx <= px -> by_ <= py ->
  bx * qy - by_ * qx <= 0 -> bx * py - by_ * px >= 0 -> px * qy - py * qx <= 0.
Proof.
  intros. destruct (Z.eq_dec bx 0).
  - subst. assert (qx = 0) by lia. subst. assert (by_ * px <= 0) by lia.
    assert (Hz : by_ = 0 \/ px = 0) by nia. destruct Hz; subst; nia.
  - assert (bx * (px * qy - py * qx) <= 0) by nia. nia.
Qed.

Lemma right_at_origin : forall ax ay qx qy px py,
  ax <= 0 -> ay <= 0 -> 0 <= qx <= px -> 0 <= qy <= py ->
  px * qy - py * qx <= 0 -> ay * px - ax * py >= 0 ->
  (px - ax) * (qy - ay) - (py - ay) * (qx - ax) <= 0.
Proof.
  intros. destruct (Z.eq_dec px 0).
  - subst. assert (qx = 0) by lia. subst. nia.
  - assert (px * ((px - ax) * (qy - ay) - (py - ay) * (qx - ax)) <= 0) by nia. nia.
Qed.

Lemma pop_covers_left : forall a b p q, zle a q -> zle q b -> zle b p ->
  cross a b q <= 0 -> 0 <= cross a b p -> cross a p q <= 0.
Proof.
  intros [ax ay] [bx by_] [px py] [qx qy]; unfold zle, cross; simpl; intros.
  apply (left_at_origin (qx - ax) (qy - ay) (bx - ax) (by_ - ay) (px - ax) (py - ay)); lia.
Qed.

Lemma pop_covers_right : forall a b p q, zle a b -> zle b q -> zle q p ->
  cross b p q <= 0 -> 0 <= cross a b p -> cross a p q <= 0.
Proof.
  intros [ax ay] [bx by_] [px py] [qx qy]; unfold zle, cross; simpl; intros.
  pose proof (right_at_origin (ax - bx) (ay - by_) (qx - bx) (qy - by_) (px - bx) (py - by_)).
  replace ((px - ax) * (qy - ay) - (py - ay) * (qx - ax)) with
    ((px - bx - (ax - bx)) * (qy - by_ - (ay - by_)) - (py - by_ - (ay - by_)) * (qx - bx - (ax - bx)))
    by ring.
  apply H4; lia.
Qed.

Lemma pop_covered : forall h p q, desc h -> (forall x, In x h -> zle x p) ->
  covered (p :: h) q -> covered (p :: pop p h) q.
Proof.
  induction h as [|b t IH]; intros p q Hd Hle Hc; [exact Hc|].
  destruct t as [|a t]; [exact Hc|]. simpl.
  destruct (Z.leb_spec 0 (cross a b p)) as [Hturn|Hturn]; auto.
  destruct Hd as [Hab Hd].
  apply IH; auto.
  - intros x Hx; apply Hle; simpl in *; tauto.
  - destruct Hc as [e [He Hs]]. simpl in He.
    destruct He as [<-|[<-|He]].
    + exists (a, p); split; [left; reflexivity|].
      destruct Hs as [H1 [H2 H3]]; simpl in *. unfold spans; simpl.
      split; [eapply zle_trans; eauto|split; [exact H2|]].
      apply (pop_covers_right a b p q); auto.
    + exists (a, p); split; [left; reflexivity|].
      destruct Hs as [H1 [H2 H3]]; simpl in *. unfold spans; simpl.
      assert (Hbp : zle b p) by (apply Hle; simpl; tauto).
      split; [exact H1|split; [eapply zle_trans; eauto|]].
      apply (pop_covers_left a b p q); auto.
    + exists e; split; auto. simpl; right; exact He.
Qed.

Lemma pop_suffix : forall h p, exists pre, h = pre ++ pop p h.
Proof.
  induction h as [|b t IH]; intros p; [exists []; reflexivity|].
  destruct t as [|a t]; [exists []; reflexivity|]. simpl.
  destruct (Z.leb 0 (cross a b p)).
  - destruct (IH p) as [pre E]. exists (b :: pre). simpl; f_equal; exact E.
  - exists []; reflexivity.
Qed.

Lemma pop_nonempty : forall h p, h <> [] -> pop p h <> [].
Proof.
  induction h as [|b t IH]; intros p Hh; [exact Hh|].
  destruct t as [|a t]; [discriminate|]. simpl.
  destruct (Z.leb 0 (cross a b p)); [apply IH; discriminate|discriminate].
Qed.

Lemma pop_incl : forall h p x, In x (pop p h) -> In x h.
Proof.
  intros h p x Hx. destruct (pop_suffix h p) as [pre E]. rewrite E. apply in_or_app; auto.
Qed.

Lemma desc_app : forall pre h, desc (pre ++ h) -> desc h.
Proof.
  induction pre as [|b pre IH]; intros h H; simpl in *; auto.
  apply IH. destruct pre as [|a pre]; simpl in *.
  - destruct h as [|c h]; auto. apply H.
  - apply H.
Qed.

Lemma rconcave_app : forall pre h, rconcave (pre ++ h) -> rconcave h.
Proof.
  induction pre as [|b pre IH]; intros h H; simpl in *; auto.
  apply IH. destruct pre as [|a [|c pre]]; simpl in *.
  - destruct h as [|x [|y h]]; auto. apply H.
  - destruct h as [|x h]; auto. apply H.
  - apply H.
Qed.

Lemma pop_desc : forall h p, desc h -> desc (pop p h).
Proof.
  intros h p H. destruct (pop_suffix h p) as [pre E]. rewrite E in H. eapply desc_app; eauto.
Qed.

Lemma pop_rconcave : forall h p, rconcave h -> rconcave (p :: pop p h).
Proof.
  induction h as [|b t IH]; intros p H; [simpl; auto|].
  destruct t as [|a t]; [simpl; auto|]. simpl.
  destruct (Z.leb_spec 0 (cross a b p)) as [Hturn|Hturn].
  - apply IH. destruct t as [|c t]; simpl in *; auto. apply H.
  - split; [lia|exact H].
Qed.

(** * The scan *)

Definition inv (S h : list zpt) : Prop :=
  h <> [] /\ desc h /\ rconcave h /\ (forall x, In x h -> In x S) /\
  (forall q, In q S -> covered h q \/ Some q = hd_error h) /\
  (forall x, In x S -> zle x (hd (0, 0) h)).

Lemma covered_cons : forall h p q, covered h q -> covered (p :: h) q.
Proof.
  intros h p q [e [He Hs]]; exists e; split; auto.
  destruct h as [|b h]; [inversion He|]. simpl; right; exact He.
Qed.

Lemma scan_inv : forall l S h, inv S h -> (forall x p, In x S -> In p l -> zle x p) ->
  StronglySorted zle l -> inv (S ++ l) (scan h l).
Proof.
  induction l as [|p l IH]; intros S h Hinv HSl Hs; simpl.
  - rewrite app_nil_r; exact Hinv.
  - inversion Hs as [|p' l' Hs' Hall]; subst.
    destruct Hinv as [Hne [Hd [Hc [Hincl [Hcov Hhd]]]]].
    assert (HleS : forall x, In x S -> zle x p) by (intros; apply HSl; simpl; auto).
    assert (Hleh : forall x, In x h -> zle x p) by auto.
    replace (S ++ p :: l) with ((S ++ [p]) ++ l) by (rewrite <- app_assoc; reflexivity).
    apply IH; auto.
    + split; [|split; [|split; [|split; [|split]]]].
      * discriminate.
      * destruct (pop p h) as [|b t] eqn:E; [destruct (pop_nonempty h p Hne E)|].
        split; [apply Hleh; eapply pop_incl; rewrite E; simpl; auto|].
        rewrite <- E; apply pop_desc; auto.
      * apply pop_rconcave; auto.
      * intros x [<-|Hx]; apply in_or_app; [right; simpl; auto|].
        left; apply Hincl; eapply pop_incl; eauto.
      * intros q Hq. apply in_app_or in Hq. destruct Hq as [Hq|[<-|[]]]; [|right; reflexivity].
        left. apply pop_covered; auto.
        destruct (Hcov q Hq) as [Hq'|Hq']; [apply covered_cons; auto|].
        destruct h as [|b t]; [contradiction|]. simpl in Hq'; injection Hq' as <-.
        exists (q, p); split; [simpl; auto|]. unfold spans; simpl.
        split; [apply zle_refl|split; [apply HleS; auto|unfold cross; lia]].
      * intros y Hy; apply in_app_or in Hy; destruct Hy as [Hy|[Hy|[]]]; simpl;
          [apply HleS; auto|subst; apply zle_refl].
    + intros x q Hx Hq. apply in_app_or in Hx. destruct Hx as [Hx|[Hx|[]]].
      * apply HSl; simpl; auto.
      * subst. rewrite Forall_forall in Hall; auto.
Qed.

Lemma last_app_ne : forall (pre r : list zpt) x, r <> [] -> last (pre ++ r) x = last r x.
Proof.
  induction pre as [|a pre IH]; intros r x Hr; simpl; auto.
  rewrite IH; auto. destruct pre; simpl; destruct r; auto; contradiction.
Qed.

Lemma scan_bottom : forall l h x, h <> [] -> last h x = last (scan h l) x.
Proof.
  induction l as [|p l IH]; intros h x Hh; simpl; auto.
  rewrite <- IH; [|discriminate].
  destruct (pop_suffix h p) as [pre E].
  assert (Hne := pop_nonempty h p Hh).
  rewrite E at 1. rewrite last_app_ne; auto.
  destruct (pop p h) as [|b t]; [contradiction|]. reflexivity.
Qed.

Lemma scan_top : forall l h p, hd_error (scan h (l ++ [p])) = Some p.
Proof.
  induction l as [|y l IH]; intros h p; simpl; auto.
Qed.
