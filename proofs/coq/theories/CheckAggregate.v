(** The certificate checker's "aggregate-grid" stage, proved (issue 40, issue 41;
    docs/consistency.md, "Aggregated claims" and "Certificates"; the Python twin is
    rocpr_exact/checker/aggregate.py, [_grid]).

    A mean of binary AUCs over tasks (P_i, N_i) (the folds of a cross-validation, or the classes
    one-vs-rest) with weights w_i (1/K, or P_i / sum P for a weighted average) is
    sum_i w_i g_i / D_i, g_i any whole number in [0, D_i] (D_i = 2 P_i N_i with ties, P_i N_i
    without: CheckGrid.value_is_auc_roc).  When a step u / v divides every w_i / D_i
    (w_i / D_i = a_i u / v, a_i whole), every mean is a multiple of u / v: (sum a_i g_i) u / v.
    [aggregate_grid] checks the divisions and that no multiple of u lies in the window of whole
    k with k / v in the printed span (CheckGrid.grid_window, cut at the greatest mean's k), and
    [aggregate_grid_sound]: then no mean of any AUCs of the tasks, written as any fraction
    k / d, prints as the claim.  [stratified] deals P positives and N negatives into K folds as
    scikit-learn's StratifiedKFold does for sorted labels (checker/aggregate.py, [_tasks]). *)
From Coq Require Import ZArith Lia List Bool Reals Lra.
From RocPr Require Import CheckGrid.
Import ListNotations.
Open Scope Z_scope.

(** #{j in [0, m) : j mod k = i}, for 0 <= i < k. *)
Definition dealt (m i k : Z) : Z := if m <=? i then 0 else (m - i + k - 1) / k.

(** Fold i of K gets the labels at positions i, i + K, ... of N negatives then P positives. *)
Definition stratified (pos neg k : Z) : list (Z * Z) :=
  map (fun i => (dealt (neg + pos) i k - dealt neg i k, dealt neg i k))
    (map Z.of_nat (seq 0 (Z.to_nat k))).

(** Task i's AUC is g_i / D_i, g_i whole in [0, D_i]: CheckGrid's AUC-ROC denominator, whose
    value over it is Mann-Whitney's U / PN (CheckGrid.value_is_auc_roc). *)
Definition task_den (ties : bool) (t : Z * Z) : Z := denominator AucRoc (fst t) (snd t) ties.

(** The weights: numerators 1 over K, or P_i over sum P. *)
Definition weight_den (weighted : bool) (ts : list (Z * Z)) : Z :=
  if weighted then fold_right (fun t s => fst t + s) 0 ts else Z.of_nat (length ts).

Definition weight_num (weighted : bool) (t : Z * Z) : Z := if weighted then fst t else 1.

(** The weights sum to 1: sum of the numerators = the common denominator. *)
Lemma weights_sum_to_one : forall w ts,
  fold_right (fun t s => weight_num w t + s) 0 ts = weight_den w ts.
Proof.
  intros w ts. unfold weight_den, weight_num. destruct w; [reflexivity|].
  induction ts as [|t ts IH]; cbn [fold_right length]; [reflexivity|].
  rewrite IH, Nat2Z.inj_succ. lia.
Qed.

Record aggregate := mk_aggregate
  { tasks : list (Z * Z); weighted : bool; aties : bool; arule : rule; mean_text : printed }.

Definition wd (a : aggregate) : Z := weight_den (weighted a) (tasks a).

(** a_i = (w_i / D_i) / (u / v), and whether it is whole. *)
Definition multiple (a : aggregate) (u v : Z) (t : Z * Z) : Z :=
  weight_num (weighted a) t * v / (wd a * task_den (aties a) t * u).

Definition divides (a : aggregate) (u v : Z) (t : Z * Z) : bool :=
  (weight_num (weighted a) t * v) mod (wd a * task_den (aties a) t * u) =? 0.

(** The k of the greatest mean (every g_i = D_i): v when the weights sum to 1. *)
Definition reach (a : aggregate) (u v : Z) : Z :=
  fold_right (fun t s => multiple a u v t * task_den (aties a) t * u + s) 0 (tasks a).

(** The least multiple of u (u > 0) at or above lo. *)
Definition first_multiple (lo u : Z) : Z := - ((- lo) / u) * u.

Definition step_window (a : aggregate) (u v : Z) : Z * Z :=
  let s := span_of (arule a) (mean_text a) in
  (first_multiple (Z.max 0 (least_k s v)) u, Z.min (reach a u v) (greatest_k s v)).

Definition good_tasks (a : aggregate) : bool :=
  (2 <=? Z.of_nat (length (tasks a))) && forallb (fun t => (1 <=? fst t) && (1 <=? snd t)) (tasks a).

Definition aggregate_grid (a : aggregate) (u v : Z) : bool :=
  good_tasks a && (1 <=? u) && (1 <=? v) && forallb (divides a u v) (tasks a) &&
  (let (first, last) := step_window a u v in last <? first).

(** The mean of AUCs g_i / D_i with the weights. *)
Fixpoint mean_of (a : aggregate) (ts : list (Z * Z)) (gs : list Z) : R :=
  match ts, gs with
  | t :: ts', g :: gs' =>
      (IZR (weight_num (weighted a) t) / IZR (wd a) * (IZR g / IZR (task_den (aties a) t))
       + mean_of a ts' gs')%R
  | _, _ => 0%R
  end.

Fixpoint steps (a : aggregate) (u v : Z) (ts : list (Z * Z)) (gs : list Z) : Z :=
  match ts, gs with
  | t :: ts', g :: gs' => multiple a u v t * g + steps a u v ts' gs'
  | _, _ => 0
  end.

Lemma wd_pos : forall a, good_tasks a = true -> 0 < wd a.
Proof.
  intros a G. unfold good_tasks in G. apply andb_true_iff in G as [L F].
  apply Z.leb_le in L. rewrite forallb_forall in F. unfold wd, weight_den.
  destruct (weighted a); [|lia].
  destruct (tasks a) as [|t rest] eqn:T; cbn in L; [lia|]. cbn [fold_right].
  assert (Ht : 1 <= fst t) by (specialize (F t (or_introl eq_refl)); apply andb_true_iff in F;
    destruct F as [F _]; apply Z.leb_le in F; exact F).
  assert (0 <= fold_right (fun t s => fst t + s) 0 rest).
  { clear L Ht T. induction rest as [|x rest IH]; cbn [fold_right]; [lia|].
    assert (1 <= fst x) by (specialize (F x (or_intror (or_introl eq_refl)));
      apply andb_true_iff in F; destruct F as [F _]; apply Z.leb_le in F; exact F).
    assert (0 <= fold_right (fun t s => fst t + s) 0 rest); [|lia].
    apply IH. intros y [E|I]; apply F; [left; exact E | right; right; exact I]. }
  lia.
Qed.

Lemma task_den_pos : forall ties t, 1 <= fst t -> 1 <= snd t -> 0 < task_den ties t.
Proof. intros ties t H1 H2. unfold task_den, denominator. destruct ties; nia. Qed.

Lemma weight_num_nonneg : forall w t, 1 <= fst t -> 0 <= weight_num w t.
Proof. intros w t H. unfold weight_num. destruct w; lia. Qed.

(** Every mean is (sum a_i g_i) u / v. *)
Lemma mean_is_steps : forall a u v ts gs, 0 < u -> 0 < v -> 0 < wd a ->
  (forall t, In t ts -> 1 <= fst t /\ 1 <= snd t /\ divides a u v t = true) ->
  mean_of a ts gs = (IZR (steps a u v ts gs * u) / IZR v)%R.
Proof.
  intros a u v ts. induction ts as [|t ts IH]; intros gs Hu Hv Hw H; destruct gs as [|g gs];
    cbn [mean_of steps]; try (rewrite Z.mul_0_l; unfold Rdiv; rewrite Rmult_0_l; reflexivity).
  destruct (H t (or_introl eq_refl)) as [H1 [H2 D]].
  rewrite (IH gs Hu Hv Hw) by (intros; apply H; right; assumption).
  pose proof (task_den_pos (aties a) t H1 H2) as Hd.
  unfold divides in D. apply Z.eqb_eq in D.
  set (c := wd a * task_den (aties a) t * u) in *.
  assert (Hc : 0 < c) by (unfold c; nia).
  pose proof (Z.div_mod (weight_num (weighted a) t * v) c ltac:(lia)) as E.
  rewrite D, Z.add_0_r in E. fold (multiple a u v t) in E.
  unfold multiple in *. fold c in E |- *.
  set (m := weight_num (weighted a) t * v / c) in *.
  assert (Ev : (IZR (weight_num (weighted a) t) * IZR v
               = IZR (wd a) * IZR (task_den (aties a) t) * IZR u * IZR m)%R).
  { rewrite <- !mult_IZR. f_equal. unfold c in E. lia. }
  rewrite !mult_IZR, plus_IZR, !mult_IZR.
  assert (IZR v <> 0%R) by (apply not_0_IZR; lia).
  assert (IZR (wd a) <> 0%R) by (apply not_0_IZR; lia).
  assert (IZR (task_den (aties a) t) <> 0%R) by (apply not_0_IZR; lia).
  assert (Ew : IZR (weight_num (weighted a) t)
               = (IZR (wd a) * IZR (task_den (aties a) t) * IZR u * IZR m / IZR v)%R).
  { apply (Rmult_eq_reg_r (IZR v)); [|assumption]. rewrite Ev. field. assumption. }
  rewrite Ew. field. repeat split; assumption.
Qed.

(** 0 <= (sum a_i g_i) u <= reach. *)
Lemma steps_bounds : forall a u v ts gs, 0 < u -> 0 < v -> 0 < wd a ->
  (forall t, In t ts -> 1 <= fst t /\ 1 <= snd t) ->
  Forall2 (fun g t => 0 <= g <= task_den (aties a) t) gs ts ->
  0 <= steps a u v ts gs * u <=
    fold_right (fun t s => multiple a u v t * task_den (aties a) t * u + s) 0 ts.
Proof.
  intros a u v ts gs Hu Hv Hw H F. induction F as [|g t gs ts Hg F IH]; cbn [steps fold_right];
    [lia|].
  destruct (H t (or_introl eq_refl)) as [H1 H2].
  assert (0 <= multiple a u v t).
  { unfold multiple. apply Z.div_pos; [|pose proof (task_den_pos (aties a) t H1 H2); nia].
    pose proof (weight_num_nonneg (weighted a) t H1). nia. }
  specialize (IH ltac:(intros; apply H; right; assumption)).
  set (m := multiple a u v t) in *. set (S := steps a u v ts gs) in *.
  assert (0 <= m * g) by nia. assert (m * g <= m * task_den (aties a) t) by nia.
  assert (0 <= m * g * u <= m * task_den (aties a) t * u) by nia.
  replace ((m * g + S) * u) with (m * g * u + S * u) by ring. lia.
Qed.

(** Two fractions of the same value print alike (CheckGrid.prints_iff_in_span). *)
Lemma prints_same_value : forall r t k d k' d', 0 < d -> 0 < d' -> k * d' = k' * d ->
  (prints r t k d <-> prints r t k' d').
Proof.
  intros r t k d k' d' Hd Hd' E. rewrite !prints_iff_in_span by assumption.
  pose proof (den_pos r t) as Hs.
  unfold in_span, below. destruct (span_of r t) as [lo lc hi hc den]; cbn in *.
  destruct lc, hc; split; intros [A B]; split; nia.
Qed.

Lemma first_multiple_least : forall lo u j, 0 < u -> lo <= j * u -> first_multiple lo u <= j * u.
Proof.
  intros lo u j Hu H. unfold first_multiple. apply (ceil_iff lo u j Hu) in H. nia.
Qed.

(** Soundness: no mean of the tasks' AUCs, as any fraction k / d, prints as the claim. *)
Theorem aggregate_grid_sound : forall a u v, aggregate_grid a u v = true ->
  forall gs, Forall2 (fun g t => 0 <= g <= task_den (aties a) t) gs (tasks a) ->
  forall k d, 0 < d -> (IZR k / IZR d = mean_of a (tasks a) gs)%R ->
  ~ prints (arule a) (mean_text a) k d.
Proof.
  intros a u v C gs F k d Hd Hm P. unfold aggregate_grid in C.
  destruct (step_window a u v) as [first last] eqn:W.
  repeat rewrite andb_true_iff in C. destruct C as [[[[G Hu] Hv] Dv] Lt].
  apply Z.leb_le in Hu, Hv. apply Z.ltb_lt in Lt. rewrite forallb_forall in Dv.
  pose proof (wd_pos a G) as Hw.
  assert (Ht : forall t, In t (tasks a) -> 1 <= fst t /\ 1 <= snd t).
  { intros t I. unfold good_tasks in G. apply andb_true_iff in G as [_ G].
    rewrite forallb_forall in G. specialize (G t I). apply andb_true_iff in G as [A B].
    apply Z.leb_le in A, B. lia. }
  rewrite (mean_is_steps a u v (tasks a) gs) in Hm by
    (try lia; intros t I; destruct (Ht t I); repeat split; try lia; apply Dv, I).
  set (j := steps a u v (tasks a) gs) in *.
  assert (Ek : k * v = j * u * d).
  { apply eq_IZR. rewrite (mult_IZR k v).
    assert (IZR d <> 0%R) by (apply not_0_IZR; lia). assert (IZR v <> 0%R) by (apply not_0_IZR; lia).
    assert (E1 : IZR k = (IZR k / IZR d * IZR d)%R) by (field; assumption).
    rewrite E1, Hm, !mult_IZR. field. assumption. }
  apply (prints_same_value _ _ k d (j * u) v Hd ltac:(lia) Ek) in P.
  apply prints_iff_in_span in P; [|lia]. apply window_iff in P; [|apply den_pos].
  pose proof (steps_bounds a u v (tasks a) gs ltac:(lia) ltac:(lia) Hw Ht F) as B. fold j in B.
  unfold step_window in W. injection W as Wf Wl. unfold reach in Wl.
  pose proof (first_multiple_least (Z.max 0 (least_k (span_of (arule a) (mean_text a)) v)) u j
    ltac:(lia) ltac:(lia)) as M.
  lia.
Qed.

(** The stage in a certificate: the step u / v it writes, or a stage with no proved check. *)
Inductive aggregate_stage := StepGrid (u v : Z) | StepUnchecked (i : nat).

Definition check_step (a : aggregate) (s : aggregate_stage) : outcome :=
  match s with
  | StepUnchecked i => Unknown i
  | StepGrid u v =>
      if negb (good_tasks a) then Failed BadTasks
      else if (1 <=? u) && (1 <=? v) && forallb (divides a u v) (tasks a) then
        let (first, last) := step_window a u v in
        if last <? first then Proved else Failed (StepHits first v)
      else Failed StepNotDividing
  end.

Fixpoint decide_steps (a : aggregate) (es : list aggregate_stage) : verdict :=
  match es with
  | [] => DUnverified []
  | s :: rest =>
      match check_step a s, decide_steps a rest with
      | Failed r, _ => DInvalid r
      | _, DInvalid r => DInvalid r
      | Proved, _ => DProved
      | Unknown _, DProved => DProved
      | Unknown i, DUnverified l => DUnverified (i :: l)
      end
  end.

(** One decision (the aggregate path has one): invalid at its first failed stage, valid when
    a step grid proves it, else unverified with the stages that have no proved check. *)
Definition check_aggregate (a : aggregate) (es : list aggregate_stage) : answer :=
  match es with
  | [] => Invalid NoExclusion
  | _ =>
      match decide_steps a es with
      | DInvalid r => Invalid r
      | DProved => Valid
      | DUnverified l => Unverified l
      end
  end.

Lemma decide_steps_proved : forall a es, decide_steps a es = DProved ->
  exists u v, aggregate_grid a u v = true.
Proof.
  intros a es; induction es as [|s rest IH]; cbn [decide_steps]; [discriminate|].
  destruct (check_step a s) eqn:S; destruct (decide_steps a rest) eqn:R; try discriminate;
    try (intros _; apply IH; reflexivity).
  intros _. destruct s as [u v|i]; unfold check_step in S; [|discriminate].
  destruct (negb (good_tasks a)) eqn:G; [discriminate|].
  destruct ((1 <=? u) && (1 <=? v) && forallb (divides a u v) (tasks a)) eqn:D; [|discriminate].
  exists u, v. unfold aggregate_grid. apply negb_false_iff in G. rewrite G. cbn [andb].
  repeat rewrite andb_true_iff in D. destruct D as [[A B] C]. rewrite A, B, C. cbn [andb].
  destruct (step_window a u v) as [first last]. destruct (last <? first); [reflexivity|discriminate].
Qed.

(** The checker's "valid" on the aggregate path, proved. *)
Theorem check_aggregate_sound : forall a es, check_aggregate a es = Valid ->
  forall gs, Forall2 (fun g t => 0 <= g <= task_den (aties a) t) gs (tasks a) ->
  forall k d, 0 < d -> (IZR k / IZR d = mean_of a (tasks a) gs)%R ->
  ~ prints (arule a) (mean_text a) k d.
Proof.
  intros a es C. unfold check_aggregate in C. destruct es as [|s es]; [discriminate|].
  destruct (decide_steps a (s :: es)) eqn:D; try discriminate.
  destruct (decide_steps_proved a _ D) as [u [v G]]. apply (aggregate_grid_sound a u v G).
Qed.
