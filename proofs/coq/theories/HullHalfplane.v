(** The half-plane form of the hull's guarantee: every input point lies on or to the right of
    the line of every hull edge (cross(A, B, q) <= 0 for every edge A -> B and every input q),
    not only of the edge whose box holds it.  Proved by one more invariant of the scan, from
    first-quadrant geometry: along a concave chain of up-right steps, each step turns clockwise
    from the previous ones. *)
From Coq Require Import ZArith Lia List Sorting.Sorted.
From RocPr Require Import Hull HullSpec.
Import ListNotations.
Open Scope Z_scope.

Definition vsub (b a : zpt) : zpt := (fst b - fst a, snd b - snd a).
Definition cr (v w : zpt) : Z := fst v * snd w - snd v * fst w.
Definition fq (v : zpt) : Prop := 0 <= fst v /\ 0 <= snd v.

Lemma cross_cr : forall a b c, cross a b c = cr (vsub b a) (vsub c a).
Proof. reflexivity. Qed.

Lemma fq_of_zle : forall a b, zle a b -> fq (vsub b a).
Proof. intros [? ?] [? ?] [H1 H2]; unfold fq, vsub; simpl in *; lia. Qed.

(** Clockwise is transitive among up-right vectors. *)
Lemma fq_trans : forall v1 v2 v3, fq v1 -> fq v2 -> fq v3 ->
  cr v1 v2 < 0 -> cr v2 v3 < 0 -> cr v1 v3 < 0.
Proof.
  intros [x1 y1] [x2 y2] [x3 y3]; unfold fq, cr; simpl; intros [A1 B1] [A2 B2] [A3 B3] H12 H23.
  assert (Hx2 : 0 < x2).
  { destruct (Z.eq_dec x2 0) as [E|E]; [|lia]. rewrite E in H12.
    assert (0 <= x1 * y2) by (apply Z.mul_nonneg_nonneg; lia). lia. }
  assert (Hy2 : 0 < y2).
  { destruct (Z.eq_dec y2 0) as [E|E]; [|lia]. rewrite E in H23.
    assert (0 <= x2 * y3) by (apply Z.mul_nonneg_nonneg; lia). lia. }
  (* x1 y2 < y1 x2 and x2 y3 < y2 x3: multiply (x1 y3) by x2 y2 *)
  assert (P1 : x1 * y2 * y3 <= y1 * x2 * y3) by (apply Z.mul_le_mono_nonneg_r; lia).
  assert (P2 : y1 * (x2 * y3) <= y1 * (y2 * x3)) by (apply Z.mul_le_mono_nonneg_l; lia).
  assert (P3 : y2 * (x1 * y3) <= y2 * (y1 * x3)) by nia.
  destruct (Z_lt_le_dec (x1 * y3 - y1 * x3) 0) as [|Hge]; auto.
  exfalso.
  destruct (Z.eq_dec (x1 * y3 - y1 * x3) 0) as [E|E].
  - (* x1 y3 = y1 x3: then both inequalities cannot be strict *)
    assert (x2 * (x1 * y3) = x2 * (y1 * x3)) by (f_equal; lia).
    assert (x1 * (x2 * y3) < x1 * (y2 * x3) \/ x1 = 0) by nia.
    nia.
  - nia.
Qed.

Lemma redges_suffix : forall pre h e, In e (redges h) -> In e (redges (pre ++ h)).
Proof.
  induction pre as [|b pre IH]; intros h e H; simpl; auto.
  destruct pre as [|a pre]; simpl in *.
  - destruct h as [|a h]; [inversion H|]. right; exact H.
  - right; apply IH; exact H.
Qed.

Definition top_steeper (h : list zpt) (d : zpt) : Prop :=
  match h with a :: c :: _ => cr (vsub a c) d < 0 | _ => True end.

(** Every edge of a concave stack is steeper than d when its top edge is. *)
Lemma steeper : forall h d, desc h -> rconcave h -> fq d -> top_steeper h d ->
  forall u w, In (u, w) (redges h) -> cr (vsub w u) d < 0.
Proof.
  induction h as [|a t IH]; intros d Hd Hc Hq Ht u w Hin; [inversion Hin|].
  destruct t as [|c t]; [inversion Hin|]. simpl in Hin. destruct Hin as [E|Hin].
  - injection E as <- <-. exact Ht.
  - destruct Hd as [Hca Hd]. apply (IH d); auto.
    + destruct t as [|e t]; simpl in *; auto. apply Hc.
    + destruct t as [|e t]; simpl; auto. destruct Hc as [Hc _]. destruct Hd as [Hec _].
      apply (fq_trans (vsub c e) (vsub a c) d); auto using fq_of_zle.
      rewrite cross_cr in Hc. unfold cr, vsub in *; simpl in *. nia.
Qed.

(** Every vertex of such a stack is on or right of the line from its top along d. *)
Lemma vertices_right : forall h d, desc h -> rconcave h -> fq d -> top_steeper h d ->
  forall x, In x h -> cr d (vsub x (hd x h)) <= 0.
Proof.
  induction h as [|a t IH]; intros d Hd Hc Hq Ht x Hx; [inversion Hx|].
  simpl in Hx. destruct Hx as [<-|Hx]; simpl.
  - unfold cr, vsub; simpl; lia.
  - destruct t as [|c t]; [inversion Hx|]. destruct Hd as [Hca Hd].
    assert (IHx : cr d (vsub x c) <= 0).
    { apply (IH d Hd); auto.
      - destruct t as [|e t]; simpl in *; auto. apply Hc.
      - destruct t as [|e t]; simpl; auto. destruct Hc as [Hc _]. destruct Hd as [Hec _].
        apply (fq_trans (vsub c e) (vsub a c) d); auto using fq_of_zle.
        rewrite cross_cr in Hc. unfold cr, vsub in *; simpl in *. nia. }
    simpl in Ht. unfold cr, vsub in *; simpl in *. nia.
Qed.

(** A point in the box of an edge u -> w and right of it, with the edge steeper than d, is on
    or right of the line through w along d. *)
Lemma box_right : forall u w q d, zle u q -> zle q w -> cross u w q <= 0 -> fq d ->
  cr (vsub w u) d < 0 -> cr d (vsub q w) <= 0.
Proof.
  intros [ux uy] [wx wy] [qx qy] [dx dy]; unfold zle, cross, fq, cr, vsub; simpl.
  intros [H1 H2] [H3 H4] H5 [D1 D2] H6.
  set (vx := wx - ux) in *. set (vy := wy - uy) in *.
  set (A := wx - qx). set (B := wy - qy).
  assert (HA : 0 <= A <= vx) by (unfold A, vx; lia). assert (HB : 0 <= B <= vy) by (unfold B, vy; lia).
  assert (Hvy : 0 < vy) by nia.
  assert (Hk : vy * A <= vx * B).
  { replace (vy * A) with (vy * (wx - ux) - vy * (qx - ux)) by (unfold A, vx; ring).
    replace (vx * B) with (vx * (wy - uy) - vx * (qy - uy)) by (unfold B, vy; ring).
    unfold vx, vy in *. nia. }
  assert (vy * (dy * A) <= vy * (dx * B)) by nia.
  replace (dx * (qy - wy) - dy * (qx - wx)) with (dy * A - dx * B) by (unfold A, B; ring).
  nia.
Qed.

Definition hp (S h : list zpt) : Prop :=
  forall q, In q S -> forall u w, In (u, w) (redges h) -> cross u w q <= 0.

Lemma pop_top_steeper : forall h p, rconcave h -> top_steeper (pop p h) (vsub p (hd p (pop p h))).
Proof.
  intros h p Hc. pose proof (pop_rconcave h p Hc) as H.
  destruct (pop p h) as [|a [|c t]]; simpl in *; auto.
  destruct H as [H _]. rewrite cross_cr in H. unfold cr, vsub in *; simpl in *. nia.
Qed.

Lemma hp_step : forall S h p, inv S h -> hp S h -> (forall x, In x S -> zle x p) ->
  hp (S ++ [p]) (p :: pop p h).
Proof.
  intros S h p Hinv Hhp HSp.
  destruct Hinv as [Hne [Hd [Hc [Hincl [Hcov Hhd]]]]].
  destruct (pop_suffix h p) as [pre Epre].
  assert (Hne' := pop_nonempty h p Hne).
  assert (Hd' : desc (pop p h)) by (apply pop_desc; auto).
  assert (Hc' : rconcave (pop p h)) by (rewrite Epre in Hc; eapply rconcave_app; eauto).
  set (a' := hd p (pop p h)) in *.
  assert (Ha'S : In a' S).
  { apply Hincl. destruct (pop p h) as [|x t] eqn:E; [contradiction|]. apply (pop_incl h p). rewrite E; simpl; auto. }
  set (d := vsub p a').
  assert (Hfq : fq d) by (apply fq_of_zle, HSp; auto).
  assert (Htop : top_steeper (pop p h) d) by (apply pop_top_steeper; auto).
  assert (Hold : forall u w, In (u, w) (redges (pop p h)) -> In (u, w) (redges h))
    by (intros u w H; rewrite Epre; apply redges_suffix; auto).
  intros q Hq u w Hin. apply in_app_or in Hq.
  assert (Hedges : (u, w) = (a', p) \/ In (u, w) (redges (pop p h))).
  { destruct (pop p h) as [|x t] eqn:E; [contradiction|]. simpl in Hin. unfold a'; simpl.
    destruct Hin as [Hin|Hin]; [left; congruence|right; exact Hin]. }
  destruct Hq as [Hq|[<-|[]]]; destruct Hedges as [E|Hin'].
  - (* q in S, the new edge a' -> p *)
    injection E as -> ->.
    assert (Hcv : covered (p :: pop p h) q).
    { apply pop_covered; auto. destruct (Hcov q Hq) as [Hq'|Hq']; [apply covered_cons; auto|].
      destruct h as [|b t]; [contradiction|]. simpl in Hq'; injection Hq' as <-.
      exists (q, p); split; [simpl; auto|]. unfold spans; simpl.
      split; [apply zle_refl|split; [apply HSp; auto|unfold cross; lia]]. }
    destruct Hcv as [[u w] [Hin2 [H1 [H2 H3]]]]; simpl in H1, H2, H3.
    assert (Hedges2 : (u, w) = (a', p) \/ In (u, w) (redges (pop p h))).
    { destruct (pop p h) as [|x t] eqn:E; [contradiction|]. simpl in Hin2. unfold a'; simpl.
      destruct Hin2 as [Hin2|Hin2]; [left; congruence|right; exact Hin2]. }
    destruct Hedges2 as [E2|Hin3]; [injection E2 as -> ->; exact H3|].
    pose proof (box_right u w q d H1 H2 H3 Hfq (steeper _ d Hd' Hc' Hfq Htop u w Hin3)) as B.
    assert (Hw : In w (pop p h)).
    { destruct (redges_split _ u w Hin3) as [l1 [l2 E3]]. rewrite E3. apply in_or_app; simpl; auto. }
    pose proof (vertices_right _ d Hd' Hc' Hfq Htop w Hw) as V.
    replace (hd w (pop p h)) with a' in V
      by (unfold a'; destruct (pop p h); [contradiction|reflexivity]).
    assert (Eq : cross a' p q = cr d (vsub q w) + cr d (vsub w a'))
      by (rewrite cross_cr; unfold d, cr, vsub; simpl; ring).
    lia.
  - (* q in S, an old edge *)
    apply (Hhp q Hq u w (Hold u w Hin')).
  - (* q = p, the new edge *)
    injection E as -> ->. unfold cross; lia.
  - (* q = p, an old edge: p = a' + d, a' right of the edge, the edge steeper than d *)
    pose proof (Hhp a' Ha'S u w (Hold u w Hin')) as A.
    pose proof (steeper _ d Hd' Hc' Hfq Htop u w Hin') as St.
    assert (Eq : cross u w p = cross u w a' + cr (vsub w u) d)
      by (rewrite !cross_cr; unfold d, cr, vsub; simpl; ring).
    lia.
Qed.

Lemma scan_hp : forall l S h, inv S h -> hp S h -> (forall x p, In x S -> In p l -> zle x p) ->
  StronglySorted zle l -> hp (S ++ l) (scan h l).
Proof.
  induction l as [|p l IH]; intros S h Hinv Hhp HSl Hs; simpl.
  - rewrite app_nil_r; exact Hhp.
  - inversion Hs as [|p' l' Hs' Hall]; subst.
    assert (HSp : forall x, In x S -> zle x p) by (intros; apply HSl; simpl; auto).
    assert (Hinv' : inv (S ++ [p]) (p :: pop p h)).
    { apply (scan_inv [p] S h Hinv); [|repeat constructor].
      intros x q Hx [<-|[]]; auto. }
    replace (S ++ p :: l) with ((S ++ [p]) ++ l) by (rewrite <- app_assoc; reflexivity).
    apply IH; auto.
    + apply hp_step; auto.
    + intros x q Hx Hq. apply in_app_or in Hx. destruct Hx as [Hx|[Hx|[]]].
      * apply HSl; simpl; auto.
      * subst. rewrite Forall_forall in Hall; auto.
Qed.

(** Every input point is on or right of the line of every edge of the hull (in curve order). *)
Theorem upper_hull_halfplane : forall x l, StronglySorted zle (x :: l) ->
  forall q, In q (x :: l) -> forall l1 a b l2, upper_hull (x :: l) = l1 ++ a :: b :: l2 ->
  cross a b q <= 0.
Proof.
  intros x l Hs q Hq l1 a b l2 E. inversion Hs as [|x' l' Hs' Hall]; subst.
  assert (Hinv : inv [x] [x]).
  { split; [discriminate|split; [exact I|split; [exact I|split; [auto|split]]]].
    - intros y [<-|[]]; right; reflexivity.
    - intros y [<-|[]]; apply zle_refl. }
  assert (HSl : forall y p, In y [x] -> In p l -> zle y p).
  { intros y p [<-|[]] Hp. rewrite Forall_forall in Hall; auto. }
  assert (Hhp0 : hp [x] [x]) by (intros y _ u w []).
  pose proof (scan_hp l [x] [x] Hinv Hhp0 HSl Hs') as H. simpl app in H.
  unfold upper_hull in E.
  assert (E' : scan [x] l = rev l2 ++ b :: a :: rev l1).
  { rewrite <- (rev_involutive (scan [x] l)), E. rewrite rev_app_distr; simpl.
    rewrite <- !app_assoc; reflexivity. }
  apply (H q Hq a b). rewrite E'.
  clear. induction (rev l2) as [|y r IH]; simpl; auto.
  destruct r as [|z r]; simpl in *; auto.
Qed.
