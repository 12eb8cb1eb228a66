(** The ROC convex hull of ANY finite set of integer points (x = FP, y = TP) in the box
    [0, N] x [0, P]: several classifiers' operating points, in any order, with duplicates.
    set_hull sorts the points by FP then TP (the standard library's mergesort), keeps the
    staircase of the points not dominated towards the upper left (a point is kept when its TP
    exceeds every TP before it: a chain in which both coordinates ascend), adds (0, 0) and
    (N, P), and runs Hull.upper_hull on that chain.  A dropped point q has a kept point c with
    FP(c) <= FP(q) and TP(c) >= TP(q); every hull edge ascends in both coordinates, so q is on
    or right of each edge's line when c is.  set_hull_is_roc_hull: the result is a hull in the
    sense of CorollarySets.is_roc_hull; corollary_3_1_sets: Corollary 3.1 for the set with the
    hull computed, not assumed. *)
From Coq Require Import ZArith Reals Lra Lia List Sorting.Sorted Sorting.Mergesort
  Sorting.Permutation Bool Classes.RelationClasses.
From RocPr Require Import Paths Theorem32 Hull HullSpec HullHalfplane Corollary31 CorollarySets.
Import ListNotations.

(** Lexicographic order: FP, then TP. *)
Definition lexleb (p q : zpt) : bool :=
  (fst p <? fst q)%Z || ((fst p =? fst q)%Z && (snd p <=? snd q)%Z).

Module LexOrder <: Orders.TotalLeBool'.
  Definition t := zpt.
  Definition leb := lexleb.
  Theorem leb_total : forall a1 a2, is_true (leb a1 a2) \/ is_true (leb a2 a1).
  Proof.
    intros [a b] [c d]; unfold is_true, leb, lexleb; simpl.
    destruct (Z.lt_trichotomy a c) as [H|[H|H]].
    - left; apply orb_true_iff; left; apply Z.ltb_lt; exact H.
    - subst. rewrite Z.ltb_irrefl, Z.eqb_refl; simpl.
      destruct (Z.le_ge_cases b d); [left|right]; apply Z.leb_le; lia.
    - right; apply orb_true_iff; left; apply Z.ltb_lt; exact H.
  Qed.
End LexOrder.
Module LexSort := Sort LexOrder.

Lemma lexleb_spec : forall p q, lexleb p q = true <->
  (fst p < fst q \/ (fst p = fst q /\ snd p <= snd q))%Z.
Proof.
  intros p q; unfold lexleb. rewrite orb_true_iff, andb_true_iff, Z.ltb_lt, Z.eqb_eq, Z.leb_le.
  tauto.
Qed.

Lemma lexleb_trans : Transitive (fun x y => is_true (LexOrder.leb x y)).
Proof.
  intros x y z; unfold is_true, LexOrder.leb; rewrite !lexleb_spec; lia.
Qed.

(** The staircase: keep a point when its TP exceeds m, the TP of the last kept point. *)
Fixpoint stair (m : Z) (l : list zpt) : list zpt :=
  match l with
  | [] => []
  | p :: l' => if (m <? snd p)%Z then p :: stair (snd p) l' else stair m l'
  end.

Definition set_chain (N P : Z) (S : list zpt) : list zpt :=
  stair 0 (LexSort.sort S) ++ [(N, P)].

(** The hull's vertices after (0, 0). *)
Definition set_hull (N P : Z) (S : list zpt) : list zpt :=
  tl (upper_hull ((0, 0)%Z :: set_chain N P S)).

Definition in_box_z (N P : Z) (S : list zpt) : Prop :=
  Forall (fun q => (0 <= fst q <= N /\ 0 <= snd q <= P)%Z) S.

Lemma stair_in : forall l m q, In q (stair m l) -> In q l /\ (m < snd q)%Z.
Proof.
  induction l as [|p l IH]; intros m q Hq; simpl in Hq; [contradiction|].
  destruct (Z.ltb_spec m (snd p)) as [Hlt|Hge].
  - destruct Hq as [<-|Hq]; [simpl; auto|].
    destruct (IH _ _ Hq) as [Hi Hm]. split; [right; exact Hi|lia].
  - destruct (IH _ _ Hq) as [Hi Hm]. split; [right; exact Hi|exact Hm].
Qed.

Lemma stair_sorted : forall l m, StronglySorted (fun x y => is_true (LexOrder.leb x y)) l ->
  StronglySorted zle (stair m l).
Proof.
  induction l as [|p l IH]; intros m Hs; simpl; [constructor|].
  apply StronglySorted_inv in Hs; destruct Hs as [Hs Hf].
  destruct (m <? snd p)%Z; [|apply IH; exact Hs].
  constructor; [apply IH; exact Hs|].
  rewrite Forall_forall in Hf |- *. intros x Hx. destruct (stair_in _ _ _ Hx) as [Hi Hm].
  specialize (Hf x Hi). unfold is_true, LexOrder.leb in Hf. rewrite lexleb_spec in Hf.
  unfold zle; lia.
Qed.

(** Every point of the sorted list is dominated (FP no larger, TP no smaller) by c0 or a kept
    point. *)
Lemma stair_dominates : forall l c0,
  StronglySorted (fun x y => is_true (LexOrder.leb x y)) l ->
  Forall (fun q => (fst c0 <= fst q)%Z) l ->
  forall q, In q l -> exists c, In c (c0 :: stair (snd c0) l) /\
    (fst c <= fst q)%Z /\ (snd q <= snd c)%Z.
Proof.
  induction l as [|p l IH]; intros c0 Hs Hf q Hq; [contradiction|].
  apply StronglySorted_inv in Hs; destruct Hs as [Hs Hsp].
  apply Forall_inv_tail in Hf as Hft. apply Forall_inv in Hf. simpl.
  destruct (Z.ltb_spec (snd c0) (snd p)) as [Hlt|Hge].
  - destruct Hq as [<-|Hq].
    + exists p; simpl; split; [auto|lia].
    + assert (Hfp : Forall (fun q => (fst p <= fst q)%Z) l).
      { rewrite Forall_forall in Hsp |- *. intros x Hx. specialize (Hsp x Hx).
        unfold is_true, LexOrder.leb in Hsp. rewrite lexleb_spec in Hsp. lia. }
      destruct (IH p Hs Hfp q Hq) as [c [Hc Hcq]]. exists c; split; [right; exact Hc|exact Hcq].
  - destruct Hq as [<-|Hq].
    + exists c0; simpl; split; [auto|lia].
    + exact (IH c0 Hs Hft q Hq).
Qed.

Lemma StronglySorted_snoc : forall (A : Type) (R : A -> A -> Prop) l y,
  StronglySorted R l -> (forall x, In x l -> R x y) -> StronglySorted R (l ++ [y]).
Proof.
  induction l as [|x l IH]; intros y Hs Hy; simpl; [repeat constructor|].
  apply StronglySorted_inv in Hs; destruct Hs as [Hs Hf]. constructor.
  - apply IH; auto. intros z Hz; apply Hy; simpl; auto.
  - apply Forall_app; split; [exact Hf|]. constructor; [apply Hy; simpl; auto|constructor].
Qed.

(** A point dominated (towards the upper left) by a point on or right of every edge of a
    monotone path is itself on or right of every edge. *)
Lemma pairs_right_dominated : forall vs a c q, monotone a vs -> pairs_right a vs c ->
  (fst c <= fst q)%R -> (snd q <= snd c)%R -> pairs_right a vs q.
Proof.
  induction vs as [|b vs IH]; intros a c q Hm Hc Hf Ht; simpl in *; auto.
  destruct Hm as [[Hx Hy] Hm], Hc as [Hc Hc']. split; [|apply (IH b c q); auto].
  unfold crossR in *.
  assert (0 <= fst b - fst a)%R by lra. assert (0 <= snd b - snd a)%R by lra.
  assert ((fst b - fst a) * (snd q - snd c) <= 0)%R by nra.
  assert ((snd b - snd a) * (fst c - fst q) <= 0)%R by nra. nra.
Qed.

Lemma toR_in : forall S q, In q (map toR S) -> exists z, In z S /\ q = toR z.
Proof. intros S q Hq. apply in_map_iff in Hq. destruct Hq as [z [<- Hz]]. eauto. Qed.

Theorem set_hull_is_roc_hull : forall N P S, (0 < N)%Z -> (0 < P)%Z -> in_box_z N P S ->
  is_roc_hull (IZR N) (IZR P) (map toR S) (map toR (set_hull N P S)).
Proof.
  intros N P S HN HP Hbox.
  set (sorted := LexSort.sort S).
  assert (Hperm : Permutation S sorted) by apply LexSort.Permuted_sort.
  assert (Hss : StronglySorted (fun x y => is_true (LexOrder.leb x y)) sorted)
    by (apply LexSort.StronglySorted_sort; exact lexleb_trans).
  assert (Hboxs : forall q, In q sorted -> (0 <= fst q <= N /\ 0 <= snd q <= P)%Z).
  { intros q Hq. unfold in_box_z in Hbox; rewrite Forall_forall in Hbox. apply Hbox.
    apply (Permutation_in _ (Permutation_sym Hperm) Hq). }
  set (l := set_chain N P S).
  assert (Hchain : StronglySorted zle ((0, 0)%Z :: l)).
  { constructor.
    - apply StronglySorted_snoc; [apply stair_sorted; exact Hss|].
      intros x Hx. destruct (stair_in _ _ _ Hx) as [Hi _]. destruct (Hboxs x Hi).
      unfold zle; simpl; lia.
    - unfold l, set_chain. apply Forall_app; split; [|constructor; [unfold zle; simpl; lia|constructor]].
      rewrite Forall_forall. intros x Hx. destruct (stair_in _ _ _ Hx) as [Hi _].
      destruct (Hboxs x Hi). unfold zle; simpl; lia. }
  assert (Hlast : last ((0, 0)%Z :: l) (0, 0)%Z = (N, P)).
  { unfold l, set_chain. rewrite app_comm_cons. apply last_last. }
  destruct (hull_of_chain_is_roc_hull l N P HN HP Hchain Hlast) as [vs [Ev Hh]].
  unfold set_hull. fold l. rewrite Ev. simpl.
  destruct Hh as [Hroc [Hconc [Hsub Hright]]].
  split; [exact Hroc|split; [exact Hconc|split]].
  - (* every vertex is a point of the set or a trivial classifier *)
    rewrite Forall_forall in Hsub |- *. intros v Hv. specialize (Hsub v Hv).
    destruct Hsub as [<-|[<-|Hv']]; [left; reflexivity|right; left; reflexivity|].
    destruct (toR_in _ _ Hv') as [z [Hz ->]]. unfold l, set_chain in Hz.
    apply in_app_or in Hz. destruct Hz as [Hz|[<-|[]]]; [|right; left; reflexivity].
    destruct (stair_in _ _ _ Hz) as [Hi _]. right; right; apply in_map.
    apply (Permutation_in _ (Permutation_sym Hperm) Hi).
  - (* every point of the set is on or right of every edge *)
    intros q Hq. destruct Hq as [<-|[<-|Hq]]; [apply Hright; left; reflexivity|
      apply Hright; right; left; reflexivity|].
    destruct (toR_in _ _ Hq) as [z [Hz ->]].
    assert (Hz' : In z sorted) by (apply (Permutation_in _ Hperm Hz)).
    assert (Hf0 : Forall (fun q => (fst (0, 0)%Z <= fst q)%Z) sorted).
    { rewrite Forall_forall. intros x Hx. destruct (Hboxs x Hx). simpl; lia. }
    destruct (stair_dominates sorted (0, 0)%Z Hss Hf0 z Hz') as [c [Hc [Hcf Hct]]].
    assert (Hcin : In (toR c) (with_trivial (IZR N) (IZR P) (map toR l))).
    { destruct Hc as [<-|Hc]; [left; reflexivity|]. right; right; apply in_map.
      unfold l, set_chain. apply in_or_app; left; exact Hc. }
    apply (pairs_right_dominated _ _ (toR c)); [exact (proj1 Hroc)|apply Hright; exact Hcin| |];
      unfold toR; simpl; apply IZR_le; exact Hcf || exact Hct.
Qed.

(** Corollary 3.1 for a finite set of points, the hull computed by set_hull. *)
Theorem corollary_3_1_sets : forall N P S, (0 < N)%Z -> (0 < P)%Z -> in_box_z N P S ->
  let vs := map toR (set_hull N P S) in
  let R := map toR S in
  is_roc_hull (IZR N) (IZR P) R vs /\
  (forall q, In q R -> exists q', on_path (0, 0) vs q' /\ fst q' = fst q /\ snd q' >= snd q)%R /\
  (forall q, In q R -> 0 < snd q ->
     exists r, on_path (0, 0) vs r /\ snd r / IZR P = snd q / IZR P /\
       precision_of r >= precision_of q)%R /\
  (forall ws, roc_path (IZR N) (IZR P) ws ->
     Forall (fun w => In w (with_trivial (IZR N) (IZR P) R)) ws ->
     roc_dominates (IZR N) (IZR P) vs ws /\ pr_dominates (IZR P) vs ws) /\
  (forall q, 0 <= fst q <= IZR N -> 0 < snd q <= IZR P ->
     (below_roc vs q <-> below_pr (IZR P) vs q))%R.
Proof.
  intros N P S HN HP Hbox vs R.
  assert (Hh : is_roc_hull (IZR N) (IZR P) R vs) by (apply set_hull_is_roc_hull; auto).
  assert (Hb : in_box_all (IZR N) (IZR P) R).
  { unfold in_box_all, R. rewrite Forall_forall. intros q Hq.
    destruct (toR_in _ _ Hq) as [z [Hz ->]]. unfold in_box_z in Hbox; rewrite Forall_forall in Hbox.
    destruct (Hbox z Hz) as [[A B] [C D]]. unfold toR; simpl.
    repeat split; apply IZR_le; lia. }
  split; [exact Hh|].
  apply (corollary_3_1_points (IZR N) (IZR P)); try (apply IZR_lt; assumption); auto.
Qed.
