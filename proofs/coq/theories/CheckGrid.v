(** The certificate checker's "grid" stage, proved (issue 40; docs/consistency.md,
    "Certificates"; the Python twin is rocpr_exact/checker/metrics.py, [check_metric_stage]
    "grid", with checker/printed.py's reading of a printed number).

    A metric whose every value over the rankings of P positives and N negatives is k / D for a
    whole k in [0, D] (AUC-ROC 2U / 2PN with ties, U / PN without; recall TP / P; specificity
    TN / N; accuracy (TP + TN) / (P + N)) cannot be printed as a text t when no such k / D
    rounds to t.  [prints] says what "k / D prints as t" means under each rounding rule, by the
    rounding itself (half up for "nearest", [Decimal.round_scaled], ties to even, for
    "nearest-even", the floor for "truncate", equality for "exact"; a leading "-" mirrors).
    The checker does not round every k: it turns t into an interval of exact rationals
    ([span_of], as printed.py does) and computes the least and greatest k / D in it by integer
    division ([grid_window]); [prints_iff_in_span] and [window_iff] prove the two views agree,
    so [grid_sound]: no whole k in [0, D] prints when the window is empty, and
    [grid_complete]: when it is not, its least k prints (so an "invalid" is proved as well).

    [check] decides a whole metrics-path certificate (its decisions as lists of stages; the
    stages it has no proof for are [Unchecked]) and [check_sound] says what "valid" means:
    for every ranking (tie groups, untied when ties are not allowed) and every threshold
    (TP, FP) of the box, some claimed metric's value does not print as claimed; the AUC-ROC's
    value is Mann-Whitney's U / PN ([value_is_auc_roc]).  extraction/check_main.ml is the unproved part: it reads the JSON file into these types. *)
From Coq Require Import ZArith Lia List Bool Reals Lra.
From RocPr Require Import Decimal DecimalReal AucMannWhitney RankGroups.
Import ListNotations.
Open Scope Z_scope.

(** A printed number: "-"?, its digits as one integer, the number of digits after the point. *)
Record printed := mk_printed { negative : bool; digits : Z; places : nat }.

Inductive rule := Nearest | NearestEven | Truncate | Exact.

Definition scale (t : printed) : Z := 10 ^ Z.of_nat (places t).

(** The specification: k / D (D > 0) prints as t. *)
Definition prints (r : rule) (t : printed) (k D : Z) : Prop :=
  let x := if negative t then - k else k in
  match r with
  | Nearest => (2 * x * scale t + D) / (2 * D) = digits t
  | NearestEven => round_scaled x D (places t) = digits t
  | Truncate => x * scale t / D = digits t
  | Exact => x * scale t = digits t * D
  end.

(** An interval lo / den .. hi / den, each end closed or open (printed.py's Span). *)
Record span := mk_span { lo : Z; lo_closed : bool; hi : Z; hi_closed : bool; den : Z }.

(** The text's interval, in units of 1 / (2 10^places): "nearest" [m - 1/2, m + 1/2),
    "nearest-even" the same closed when the last digit is even, open when odd, "truncate"
    [m, m + 1), "exact" [m, m]; a "-" mirrors it about 0. *)
Definition positive_span (r : rule) (t : printed) : span :=
  let m := digits t in
  let d := 2 * scale t in
  match r with
  | Nearest => mk_span (2 * m - 1) true (2 * m + 1) false d
  | NearestEven => mk_span (2 * m - 1) (Z.even m) (2 * m + 1) (Z.even m) d
  | Truncate => mk_span (2 * m) true (2 * m + 2) false d
  | Exact => mk_span (2 * m) true (2 * m) true d
  end.

Definition span_of (r : rule) (t : printed) : span :=
  let s := positive_span r t in
  if negative t then mk_span (- hi s) (hi_closed s) (- lo s) (lo_closed s) (den s) else s.

Definition below (closed : bool) (a b : Z) : Prop := if closed then a <= b else a < b.

Definition in_span (s : span) (k D : Z) : Prop :=
  below (lo_closed s) (lo s * D) (k * den s) /\ below (hi_closed s) (k * den s) (hi s * D).

(** The least and greatest whole k with k / D in the span (ceilings as negated floors). *)
Definition least_k (s : span) (D : Z) : Z :=
  let a := lo s * D in if lo_closed s then - ((- a) / den s) else a / den s + 1.

Definition greatest_k (s : span) (D : Z) : Z :=
  let b := hi s * D in if hi_closed s then b / den s else - ((- b) / den s) - 1.

Definition grid_window (s : span) (D : Z) : Z * Z :=
  (Z.max 0 (least_k s D), Z.min D (greatest_k s D)).

Definition grid_excludes (s : span) (D : Z) : bool :=
  let (a, b) := grid_window s D in b <? a.

(** Integer division as bounds. *)
Lemma floor_iff : forall a b k, 0 < b -> (k * b <= a <-> k <= a / b).
Proof.
  intros a b k Hb. pose proof (Z.div_mod a b ltac:(lia)). pose proof (Z.mod_pos_bound a b Hb).
  split; intro Hk; nia.
Qed.

Lemma ceil_iff : forall a b k, 0 < b -> (a <= k * b <-> - ((- a) / b) <= k).
Proof.
  intros a b k Hb. pose proof (floor_iff (- a) b (- k) Hb). split; intro; nia.
Qed.

Lemma lt_floor_iff : forall a b k, 0 < b -> (a < k * b <-> a / b + 1 <= k).
Proof. intros a b k Hb. pose proof (floor_iff a b k Hb). lia. Qed.

Lemma lt_ceil_iff : forall a b k, 0 < b -> (k * b < a <-> k <= - ((- a) / b) - 1).
Proof. intros a b k Hb. pose proof (ceil_iff a b k Hb). lia. Qed.

Lemma div_eq_iff : forall a b q, 0 < b -> (a / b = q <-> b * q <= a < b * q + b).
Proof.
  intros a b q Hb. pose proof (Z.div_mod a b ltac:(lia)). pose proof (Z.mod_pos_bound a b Hb).
  split; intro Hq.
  - subst q. lia.
  - assert (a / b <= q) by (apply Z.lt_succ_r, Z.div_lt_upper_bound; lia).
    assert (q <= a / b) by (apply Z.div_le_lower_bound; lia). lia.
Qed.

(** The window is exactly the k of the span. *)
Theorem window_iff : forall s D k, 0 < den s ->
  (least_k s D <= k <= greatest_k s D <-> in_span s k D).
Proof.
  intros s D k Hd. unfold least_k, greatest_k, in_span, below.
  pose proof (ceil_iff (lo s * D) (den s) k Hd). pose proof (lt_floor_iff (lo s * D) (den s) k Hd).
  pose proof (floor_iff (hi s * D) (den s) k Hd). pose proof (lt_ceil_iff (hi s * D) (den s) k Hd).
  destruct (lo_closed s), (hi_closed s); lia.
Qed.

Lemma scale_pos : forall t, 0 < scale t.
Proof. intros t. unfold scale. apply Z.pow_pos_nonneg; lia. Qed.

Lemma positive_prints_iff : forall r t x D, 0 < D ->
  (match r with
   | Nearest => (2 * x * scale t + D) / (2 * D) = digits t
   | NearestEven => round_scaled x D (places t) = digits t
   | Truncate => x * scale t / D = digits t
   | Exact => x * scale t = digits t * D
   end <-> in_span (positive_span r t) x D).
Proof.
  intros r t x D HD. pose proof (scale_pos t) as Hs.
  set (m := digits t).
  destruct r; unfold in_span, positive_span, below; cbn [lo hi lo_closed hi_closed den].
  - rewrite div_eq_iff by lia. fold m. split; intro; nia.
  - rewrite round_scaled_rne. fold (scale t). fold m. split.
    + intro E. pose proof (rne_nearest (x * scale t) D HD) as Hn.
      pose proof (rne_tie_is_even (x * scale t) D HD) as Ht. rewrite E in Hn, Ht.
      destruct (Z.even m) eqn:Ev; [lia|].
      assert (Z.abs (2 * (x * scale t - D * m)) <> D) by (intro A; specialize (Ht A); congruence).
      lia.
    + intro H. apply rne_unique; [exact HD| |].
      * destruct (Z.even m); lia.
      * intro A. destruct (Z.even m) eqn:Ev; [reflexivity|]. lia.
  - rewrite div_eq_iff by lia. fold m. split; intro; nia.
  - fold m. split; intro; nia.
Qed.

(** The two views of a printed number agree: k / D prints as t iff it lies in t's span. *)
Theorem prints_iff_in_span : forall r t k D, 0 < D ->
  (prints r t k D <-> in_span (span_of r t) k D).
Proof.
  intros r t k D HD. unfold prints, span_of. rewrite (positive_prints_iff r t _ D HD).
  destruct (negative t); [|reflexivity].
  unfold in_span, below; cbn [lo hi lo_closed hi_closed den].
  destruct (lo_closed (positive_span r t)), (hi_closed (positive_span r t)); lia.
Qed.

Lemma den_pos : forall r t, 0 < den (span_of r t).
Proof.
  intros r t. pose proof (scale_pos t).
  unfold span_of, positive_span; destruct (negative t), r; cbn [den]; lia.
Qed.

(** Soundness: an empty window means no whole k in [0, D] gives a k / D that prints as t. *)
Theorem grid_sound : forall r t D, 0 < D -> grid_excludes (span_of r t) D = true ->
  forall k, 0 <= k <= D -> ~ prints r t k D.
Proof.
  intros r t D HD E k Hk P. apply prints_iff_in_span in P; [|exact HD].
  apply window_iff in P; [|apply den_pos].
  unfold grid_excludes, grid_window in E. apply Z.ltb_lt in E. lia.
Qed.

(** Completeness: a window that is not empty names a k that prints (the checker's "invalid"). *)
Theorem grid_complete : forall r t D, 0 < D -> grid_excludes (span_of r t) D = false ->
  let k := fst (grid_window (span_of r t) D) in 0 <= k <= D /\ prints r t k D.
Proof.
  intros r t D HD E k. unfold grid_excludes in E. unfold k.
  destruct (grid_window (span_of r t) D) as [a b] eqn:W. cbn [fst].
  apply Z.ltb_ge in E. unfold grid_window in W. injection W as Ea Eb.
  split; [lia|]. apply prints_iff_in_span; [exact HD|]. apply window_iff; [apply den_pos|]. lia.
Qed.

(** * The metrics path of a certificate *)

Inductive metric := AucRoc | Recall | Specificity | Accuracy.

(** A claim's name: a metric of one grid, or another name (the reader numbers those). *)
Inductive name := Metric (m : metric) | Other (i : nat).

Definition metric_eqb (a b : metric) : bool :=
  match a, b with
  | AucRoc, AucRoc | Recall, Recall | Specificity, Specificity | Accuracy, Accuracy => true
  | _, _ => false
  end.

Definition name_eqb (a b : name) : bool :=
  match a, b with
  | Metric x, Metric y => metric_eqb x y
  | Other i, Other j => Nat.eqb i j
  | _, _ => false
  end.

Lemma name_eqb_eq : forall a b, name_eqb a b = true -> a = b.
Proof.
  intros [x|i] [y|j]; cbn; try discriminate.
  - destruct x, y; cbn; congruence.
  - intro E. apply Nat.eqb_eq in E. congruence.
Qed.

(** The denominator of a metric's grid (checker/metrics.py, _denominators). *)
Definition denominator (m : metric) (p n : Z) (ties : bool) : Z :=
  match m with
  | AucRoc => if ties then 2 * p * n else p * n
  | Recall => p
  | Specificity => n
  | Accuracy => p + n
  end.

Record question := mk_question
  { npos : Z; nneg : Z; ties : bool; rounding : rule; claims : list (name * printed) }.

(** An exclusion: a grid (the metric's name, the denominators written) or a stage that has no
    proved check here (numbered by the reader, to say which). *)
Inductive stage := Grid (n : name) (dens : list Z) | Unchecked (i : nat).

Inductive reason :=
  | BadCounts | NoDecision | NoExclusion
  | NotClaimed (n : name) | NotGrid (n : name) | WrongDenominators (n : name)
  | Hits (m : metric) (k d : Z)
  | BadTasks | StepNotDividing | StepHits (k d : Z).  (* the aggregate grid: CheckAggregate.v *)

Inductive answer := Valid | Invalid (r : reason) | Unverified (stages : list nat).

Fixpoint lookup (n : name) (cs : list (name * printed)) : option printed :=
  match cs with
  | [] => None
  | (n', t) :: rest => if name_eqb n n' then Some t else lookup n rest
  end.

Lemma lookup_in : forall n cs t, lookup n cs = Some t -> In (n, t) cs.
Proof.
  intros n cs t; induction cs as [|[n' t'] rest IH]; cbn; [discriminate|].
  destruct (name_eqb n n') eqn:E; intro H.
  - injection H as <-. apply name_eqb_eq in E. subst. left. reflexivity.
  - right. apply IH, H.
Qed.

Definition list_eqb (a b : list Z) : bool :=
  (Nat.eqb (length a) (length b)) && forallb (fun p => fst p =? snd p) (combine a b).

Lemma list_eqb_single : forall a d, list_eqb a [d] = true -> a = [d].
Proof.
  intros [|x [|y rest]] d; cbn; try discriminate.
  rewrite andb_true_r. intro E. apply Z.eqb_eq in E. subst. reflexivity.
Qed.

Inductive outcome := Proved | Failed (r : reason) | Unknown (i : nat).

Definition check_stage (q : question) (s : stage) : outcome :=
  match s with
  | Unchecked i => Unknown i
  | Grid n dens =>
      match lookup n (claims q) with
      | None => Failed (NotClaimed n)
      | Some t =>
          match n with
          | Other _ => Failed (NotGrid n)
          | Metric m =>
              let d := denominator m (npos q) (nneg q) (ties q) in
              if list_eqb dens [d] then
                if grid_excludes (span_of (rounding q) t) d then Proved
                else Failed (Hits m (fst (grid_window (span_of (rounding q) t) d)) d)
              else Failed (WrongDenominators n)
          end
      end
  end.

(** One decision: the first failed exclusion makes it invalid; else one proved exclusion proves
    it; else it is unverified, with the stages that had no check. *)
Inductive verdict := DProved | DInvalid (r : reason) | DUnverified (stages : list nat).

Fixpoint decide (q : question) (es : list stage) : verdict :=
  match es with
  | [] => DUnverified []
  | s :: rest =>
      match check_stage q s, decide q rest with
      | Failed r, _ => DInvalid r
      | _, DInvalid r => DInvalid r
      | Proved, _ => DProved
      | Unknown _, DProved => DProved
      | Unknown i, DUnverified l => DUnverified (i :: l)
      end
  end.

Definition decide_decision (q : question) (es : list stage) : verdict :=
  match es with [] => DInvalid NoExclusion | _ => decide q es end.

Fixpoint check_decisions (q : question) (ds : list (list stage)) : answer :=
  match ds with
  | [] => Valid
  | d :: rest =>
      match decide_decision q d, check_decisions q rest with
      | DInvalid r, _ => Invalid r
      | _, Invalid r => Invalid r
      | DProved, a => a
      | DUnverified l, Valid => Unverified l
      | DUnverified l, Unverified l' => Unverified (l ++ l')
      end
  end.

Definition check (q : question) (ds : list (list stage)) : answer :=
  if (npos q <? 1) || (nneg q <? 1) then Invalid BadCounts
  else match ds with [] => Invalid NoDecision | _ => check_decisions q ds end.

(** What a proved decision holds: a claimed grid metric whose window is empty. *)
Definition excluded (q : question) : Prop :=
  exists m t, In (Metric m, t) (claims q) /\
    grid_excludes (span_of (rounding q) t) (denominator m (npos q) (nneg q) (ties q))
      = true.

Lemma decide_proved : forall q es, decide q es = DProved -> excluded q.
Proof.
  intros q es; induction es as [|s rest IH]; cbn [decide]; [discriminate|].
  destruct (check_stage q s) eqn:S; destruct (decide q rest) eqn:R; try discriminate;
    try (intros _; apply IH; reflexivity).
  intros _. destruct s as [n dens|i]; unfold check_stage in S; [|discriminate].
  destruct (lookup n (claims q)) as [t|] eqn:L; [|discriminate].
  destruct n as [m|i]; [|discriminate].
  destruct (list_eqb dens _); [|discriminate].
  destruct (grid_excludes _ _) eqn:G; [|discriminate].
  exists m, t. split; [apply lookup_in, L | exact G].
Qed.

Lemma check_decisions_valid : forall q d ds, check_decisions q (d :: ds) = Valid -> excluded q.
Proof.
  intros q d ds. cbn [check_decisions]. unfold decide_decision.
  destruct d as [|s es]; [discriminate|].
  destruct (decide q (s :: es)) eqn:D; destruct (check_decisions q ds);
    try discriminate; intros _; apply (decide_proved q (s :: es) D).
Qed.

(** * What "valid" means for the rankings *)

Definition positives_of (gs : list group) : nat :=
  fold_right (fun g s => (fst g + s)%nat) 0%nat gs.

Definition untied (gs : list group) : Prop := forall g, In g gs -> fst g = 0%nat \/ snd g = 0%nat.

(** 2U lies in [0, 2PN] for every ranking (RankGroups.group_u2 is twice Mann-Whitney's U). *)
Lemma group_u2_bounds : forall gs,
  0 <= group_u2 gs <= 2 * Z.of_nat (positives_of gs) * Z.of_nat (negatives gs).
Proof.
  induction gs as [|[p n] rest IH]; cbn [group_u2 positives_of negatives fold_right fst snd];
    [lia|].
  fold (positives_of rest). fold (negatives rest). rewrite !Nat2Z.inj_add. nia.
Qed.

(** Without ties 2U is even: U / PN is the AUC-ROC. *)
Lemma group_u2_even : forall gs, untied gs -> exists u, group_u2 gs = 2 * u.
Proof.
  induction gs as [|[p n] rest IH]; intro U; cbn [group_u2]; [exists 0; reflexivity|].
  destruct IH as [u Hu]; [intros g Hg; apply U; right; exact Hg|].
  destruct (U (p, n) (or_introl eq_refl)) as [E|E]; cbn in E; subst;
    [exists u | exists (Z.of_nat p * Z.of_nat (negatives rest) + u)]; rewrite Hu; lia.
Qed.

(** A metric's value, numerator over denominator, for a ranking and a threshold (TP, FP) of
    it: AUC-ROC 2U / 2PN (ties) or U / PN (untied, 2U even), recall TP / P, specificity
    (N - FP) / N, accuracy (TP + N - FP) / (P + N). *)
Definition value (m : metric) (p n : Z) (ties : bool) (gs : list group) (tp fp : Z) : Z :=
  match m with
  | AucRoc => if ties then group_u2 gs else group_u2 gs / 2
  | Recall => tp
  | Specificity => n - fp
  | Accuracy => tp + n - fp
  end.

Lemma value_on_grid : forall m p n ties gs tp fp,
  Z.of_nat (positives_of gs) = p -> Z.of_nat (negatives gs) = n ->
  (ties = false -> untied gs) -> 0 <= tp <= p -> 0 <= fp <= n ->
  0 <= value m p n ties gs tp fp <= denominator m p n ties.
Proof.
  intros m p n ties gs tp fp Hp Hn Hu Htp Hfp. pose proof (group_u2_bounds gs) as B.
  rewrite Hp, Hn in B. destruct m; cbn [value denominator]; try lia.
  destruct ties; [lia|]. destruct (group_u2_even gs (Hu eq_refl)) as [u Hu2].
  rewrite Hu2 in *. rewrite Z.mul_comm, Z.div_mul by lia. lia.
Qed.

(** The AUC-ROC's value over its denominator is the AUC: Mann-Whitney's U / PN, ties 1/2
    (AucMannWhitney.mann_whitney_u of the ranking expanded into scores; RankGroups). *)
Theorem value_is_auc_roc : forall p n ties gs,
  Z.of_nat (positives_of gs) = p -> Z.of_nat (negatives gs) = n -> 0 < p -> 0 < n ->
  (ties = false -> untied gs) ->
  (IZR (value AucRoc p n ties gs 0 0) / IZR (denominator AucRoc p n ties)
   = mann_whitney_u (pos_scores gs) (neg_scores gs) / (IZR p * IZR n))%R.
Proof.
  intros p n ties gs Hp Hn P0 N0 Hu. cbn [value denominator].
  pose proof (group_u2_is_twice_u gs) as U2.
  assert (IZR p <> 0%R) by (apply not_0_IZR; lia). assert (IZR n <> 0%R) by (apply not_0_IZR; lia).
  destruct ties.
  - rewrite U2, !mult_IZR. field. auto.
  - destruct (group_u2_even gs (Hu eq_refl)) as [u Hu2].
    rewrite Hu2, Z.mul_comm, Z.div_mul by lia. rewrite Hu2, mult_IZR in U2.
    rewrite mult_IZR. replace (IZR u) with (mann_whitney_u (pos_scores gs) (neg_scores gs)) by lra.
    reflexivity.
Qed.

(** The checker's "valid", proved: for every ranking of the question's P positives and N
    negatives (any tie groups, or untied ones when ties are not allowed) and every threshold
    (TP, FP) in [0, P] x [0, N], some claimed metric's value does not print as claimed. *)
Theorem check_sound : forall q ds, check q ds = Valid ->
  forall gs tp fp,
    Z.of_nat (positives_of gs) = npos q -> Z.of_nat (negatives gs) = nneg q ->
    (ties q = false -> untied gs) -> 0 <= tp <= npos q -> 0 <= fp <= nneg q ->
    exists m t, In (Metric m, t) (claims q) /\
      ~ prints (rounding q) t (value m (npos q) (nneg q) (ties q) gs tp fp)
          (denominator m (npos q) (nneg q) (ties q)).
Proof.
  intros q ds C gs tp fp Hp Hn Hu Htp Hfp. unfold check in C.
  destruct ((npos q <? 1) || (nneg q <? 1)) eqn:B; [discriminate|].
  apply orb_false_iff in B as [B1 B2]. apply Z.ltb_ge in B1, B2.
  destruct ds as [|d ds]; [discriminate|].
  destruct (check_decisions_valid q d ds C) as [m [t [I G]]].
  exists m, t. split; [exact I|].
  assert (HD : 0 < denominator m (npos q) (nneg q) (ties q))
    by (destruct m; cbn [denominator]; try destruct (ties q); nia).
  apply (grid_sound _ _ _ HD G). apply value_on_grid; assumption.
Qed.

(** The checker's "invalid" at a grid, proved: the k it names prints. *)
Theorem check_hits_prints : forall q n dens m k d,
  check_stage q (Grid n dens) = Failed (Hits m k d) -> 0 < d ->
  exists t, In (n, t) (claims q) /\ 0 <= k <= d /\ prints (rounding q) t k d.
Proof.
  intros q n dens m k d S Hd. unfold check_stage in S.
  destruct (lookup n (claims q)) as [t|] eqn:L; [|discriminate].
  destruct n as [m'|i]; [|discriminate].
  destruct (list_eqb dens _); [|discriminate].
  destruct (grid_excludes _ _) eqn:G; [discriminate|]. injection S as <- <- <-.
  exists t. split; [apply lookup_in, L|]. apply (grid_complete _ _ _ Hd G).
Qed.
