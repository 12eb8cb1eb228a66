(** Theorem 3.1 of Davis & Goadrich (2006): for a fixed number of positives P > 0 and negatives
    N > 0, a confusion matrix determines one ROC point and one PR point, a ROC point determines
    the confusion matrix, and so does a PR point with recall > 0.  Recall 0 is the exception
    (docs/design.md, "Theorem 3.1 maps"): every matrix with TP = 0 and FP > 0 has precision 0, so
    (TP, FP) = (0, 1) and (0, 2) share the PR point (0, 0).  Counts are natural numbers; rates
    are reals.  Python: rocpr_exact/core/confusion.py (roc_point, pr_point, confusion_from_roc,
    confusion_from_pr). *)
From Coq Require Import Reals Lra Lia.
Open Scope R_scope.

Record confusion (P N : nat) := {
  tp : nat; fp : nat; fn : nat; tn : nat;
  pos_sum : (tp + fn = P)%nat;
  neg_sum : (fp + tn = N)%nat }.
Arguments tp {P N}. Arguments fp {P N}. Arguments fn {P N}. Arguments tn {P N}.

Definition recall {P N} (c : confusion P N) : R := INR (tp c) / INR P.
Definition fpr {P N} (c : confusion P N) : R := INR (fp c) / INR N.
Definition precision {P N} (c : confusion P N) : R := INR (tp c) / (INR (tp c) + INR (fp c)).

Definition roc_point {P N} (c : confusion P N) : R * R := (fpr c, recall c).
Definition pr_point {P N} (c : confusion P N) : R * R := (recall c, precision c).

(** Two matrices with the same four counts are the same matrix (proof irrelevance on nat
    equalities needs no axiom: equality on nat is decidable). *)
Lemma confusion_eq : forall P N (c d : confusion P N),
  tp c = tp d -> fp c = fp d -> c = d.
Proof.
  intros P N [t1 f1 n1 m1 H1 K1] [t2 f2 n2 m2 H2 K2]; simpl; intros -> ->.
  assert (n1 = n2) by lia; assert (m1 = m2) by lia; subst.
  f_equal; apply Eqdep_dec.UIP_dec, PeanoNat.Nat.eq_dec.
Qed.

Lemma INR_div_inj : forall a b k, (0 < k)%nat -> INR a / INR k = INR b / INR k -> a = b.
Proof.
  intros a b k Hk H. apply INR_eq. apply lt_0_INR in Hk.
  apply Rmult_eq_reg_r with (/ INR k); [exact H|]. apply Rgt_not_eq, Rinv_0_lt_compat; lra.
Qed.

(** The confusion matrix recovered from its ROC point: TP = TPR P and FP = FPR N. *)
Theorem confusion_from_roc : forall P N (c : confusion P N), (0 < P)%nat -> (0 < N)%nat ->
  INR (tp c) = snd (roc_point c) * INR P /\ INR (fp c) = fst (roc_point c) * INR N.
Proof.
  intros P N c HP HN; apply lt_0_INR in HP; apply lt_0_INR in HN.
  unfold roc_point, recall, fpr; simpl; split; field; lra.
Qed.

Theorem theorem_3_1_roc : forall P N (c d : confusion P N), (0 < P)%nat -> (0 < N)%nat ->
  roc_point c = roc_point d -> c = d.
Proof.
  intros P N c d HP HN H; unfold roc_point in H; injection H; intros Hr Hf.
  apply confusion_eq; [apply (INR_div_inj _ _ P HP Hr)|apply (INR_div_inj _ _ N HN Hf)].
Qed.

(** With recall > 0: TP = recall P and FP = TP (1 - precision) / precision. *)
Theorem confusion_from_pr : forall P N (c : confusion P N), (0 < P)%nat -> (0 < tp c)%nat ->
  INR (tp c) = fst (pr_point c) * INR P /\
  INR (fp c) = INR (tp c) * (1 - snd (pr_point c)) / snd (pr_point c).
Proof.
  intros P N c HP Ht; apply lt_0_INR in HP; apply lt_0_INR in Ht.
  pose proof (pos_INR (fp c)).
  unfold pr_point, recall, precision; simpl; split; field; lra.
Qed.

Theorem theorem_3_1_pr : forall P N (c d : confusion P N), (0 < P)%nat ->
  (0 < tp c)%nat -> pr_point c = pr_point d -> c = d.
Proof.
  intros P N c d HP Hc H.
  assert (Htp : tp c = tp d).
  { unfold pr_point in H; injection H; intros _ Hr. apply (INR_div_inj _ _ P HP Hr). }
  assert (Hd : (0 < tp d)%nat) by lia.
  destruct (confusion_from_pr P N c HP Hc) as [_ Fc].
  destruct (confusion_from_pr P N d HP Hd) as [_ Fd].
  rewrite H, Htp, <- Fd in Fc.
  apply confusion_eq; auto. apply INR_eq; auto.
Qed.

(** Recall 0: distinct matrices with the same PR point, for every P and every N >= 2. *)
Theorem theorem_3_1_recall_zero : forall P N (c d : confusion P N),
  tp c = 0%nat -> tp d = 0%nat -> (0 < fp c)%nat -> (0 < fp d)%nat -> pr_point c = pr_point d.
Proof.
  intros P N c d Hc Hd Fc Fd; unfold pr_point, recall, precision; rewrite Hc, Hd.
  apply lt_0_INR in Fc; apply lt_0_INR in Fd; simpl.
  f_equal; unfold Rdiv; rewrite !Rmult_0_l; reflexivity.
Qed.

Definition recall_zero_witness (k : nat) (P N : nat) (Hk : (k <= N)%nat) : confusion P N.
Proof.
  refine {| tp := 0; fp := k; fn := P; tn := N - k |}; lia.
Defined.

Theorem theorem_3_1_recall_zero_not_injective : forall P N, (2 <= N)%nat ->
  exists c d : confusion P N, c <> d /\ pr_point c = pr_point d.
Proof.
  intros P N HN.
  assert (H1 : (1 <= N)%nat) by lia.
  exists (recall_zero_witness 1 P N H1), (recall_zero_witness 2 P N HN). split.
  - intros E. assert (fp (recall_zero_witness 1 P N H1) = fp (recall_zero_witness 2 P N HN))
      by (rewrite E; reflexivity). simpl in H; lia.
  - apply theorem_3_1_recall_zero; simpl; lia.
Qed.
