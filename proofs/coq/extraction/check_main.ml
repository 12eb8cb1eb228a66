(* The extracted certificate checker as a program: check_main FILE reads a certificate of
   `rocpr-exact consistent` (JSON, version 1; docs/consistency.md, "Certificates") and prints
   one line: "valid: ..." (exit 0), "invalid: REASON" (exit 1) or "unverified: ..." (exit 4, a
   stage or a path with no proved check); a file that is no certificate: one line on standard
   error, exit 2.  The decision is CheckGrid.check, proved in Coq (check_sound: "valid" means
   no ranking prints the claims; check_hits_prints: a grid's "invalid" names a k / D that
   prints), and for a mean of fold or class AUCs CheckAggregate.check_aggregate
   (check_aggregate_sound: no mean of the tasks' AUCs prints).  This file is the unproved part:
   a small bounded JSON reader (at most 10^8 bytes, 64 levels, numbers of 1,000 characters;
   1,000 claims, 10,000 exclusions, 10,000 tasks) and the translation of the file into
   CheckGrid's and CheckAggregate's types, as rocpr_exact/checker/document.py and
   aggregate.py read it. *)
open Proved
open Zconv

exception Not_certificate of string
exception Invalid_certificate of string
exception Unverified_certificate of string

let invalid what = raise (Invalid_certificate what)

(* ---- A JSON reader for certificates ---- *)

type json = Null | Bool of bool | Num of string | Str of string | Arr of json list
          | Obj of (string * json) list

let max_bytes = 100_000_000
let max_depth = 64
let max_number = 1000
(* Certificates have a few claims and exclusions; past these the file is refused (exit 2). *)
let max_claims = 1000
let max_exclusions = 10_000

let parse (s : string) : json =
  let n = String.length s in
  let i = ref (if n >= 3 && String.sub s 0 3 = "\xef\xbb\xbf" then 3 else 0) in
  let fail what = raise (Not_certificate (Printf.sprintf "not JSON: %s at byte %d" what !i)) in
  let peek () = if !i < n then s.[!i] else '\000' in
  let skip () =
    while !i < n && (match s.[!i] with ' ' | '\t' | '\n' | '\r' -> true | _ -> false) do incr i done in
  let expect c = skip (); if peek () = c then incr i else fail (Printf.sprintf "'%c' expected" c) in
  let word w v =
    let l = String.length w in
    if !i + l <= n && String.sub s !i l = w then (i := !i + l; v) else fail "a value expected" in
  let hex () =
    if !i + 4 > n then fail "a bad \\u escape";
    let v = ref 0 in
    String.iter (fun c -> v := !v * 16 + (match c with
        | '0' .. '9' -> Char.code c - 48 | 'a' .. 'f' -> Char.code c - 87
        | 'A' .. 'F' -> Char.code c - 55 | _ -> fail "a bad \\u escape")) (String.sub s !i 4);
    i := !i + 4; !v in
  let text () =
    expect '"';
    let b = Buffer.create 16 in
    let rec go () =
      if !i >= n then fail "an unclosed string";
      let c = s.[!i] in
      incr i;
      match c with
      | '"' -> ()
      | '\\' ->
          let e = peek () in
          incr i;
          (match e with
           | '"' | '\\' | '/' -> Buffer.add_char b e
           | 'b' -> Buffer.add_char b '\b' | 'f' -> Buffer.add_char b '\012'
           | 'n' -> Buffer.add_char b '\n' | 'r' -> Buffer.add_char b '\r'
           | 't' -> Buffer.add_char b '\t'
           | 'u' ->
               let v = hex () in
               Buffer.add_utf_8_uchar b
                 (if Uchar.is_valid v then Uchar.of_int v else Uchar.rep)
           | _ -> fail "a bad escape");
          go ()
      | c when Char.code c < 0x20 -> fail "a control character in a string"
      | c -> Buffer.add_char b c; go () in
    go ();
    Buffer.contents b in
  let number () =
    let start = !i in
    let digits () =
      let from = !i in
      while !i < n && s.[!i] >= '0' && s.[!i] <= '9' do incr i done;
      if !i = from then fail "a digit expected" in
    if peek () = '-' then incr i;
    digits ();
    if peek () = '.' then (incr i; digits ());
    if peek () = 'e' || peek () = 'E' then begin
      incr i;
      if peek () = '+' || peek () = '-' then incr i;
      digits ()
    end;
    if !i - start > max_number then fail "a number of more than 1,000 characters";
    Num (String.sub s start (!i - start)) in
  let rec value depth =
    skip ();
    match peek () with
    | '{' ->
        if depth >= max_depth then fail "more than 64 levels";
        incr i; skip ();
        if peek () = '}' then (incr i; Obj [])
        else begin
          let keys = Hashtbl.create 8 in
          let rec members acc =
            skip ();
            let k = text () in
            if Hashtbl.mem keys k then fail ("the key \"" ^ k ^ "\" twice");
            Hashtbl.add keys k ();
            expect ':';
            let v = value (depth + 1) in
            skip ();
            match peek () with
            | ',' -> incr i; members ((k, v) :: acc)
            | '}' -> incr i; Obj (List.rev ((k, v) :: acc))
            | _ -> fail "',' or '}' expected" in
          members []
        end
    | '[' ->
        if depth >= max_depth then fail "more than 64 levels";
        incr i; skip ();
        if peek () = ']' then (incr i; Arr [])
        else begin
          let rec items acc =
            let v = value (depth + 1) in
            skip ();
            match peek () with
            | ',' -> incr i; items (v :: acc)
            | ']' -> incr i; Arr (List.rev (v :: acc))
            | _ -> fail "',' or ']' expected" in
          items []
        end
    | '"' -> Str (text ())
    | 't' -> word "true" (Bool true)
    | 'f' -> word "false" (Bool false)
    | 'n' -> word "null" Null
    | '-' | '0' .. '9' -> number ()
    | _ -> fail "a value expected" in
  let v = value 0 in
  skip ();
  if !i <> n then fail "text after the value";
  v

let read_file path =
  let channel = try open_in_bin path with Sys_error e -> raise (Not_certificate e) in
  let length = in_channel_length channel in
  if length > max_bytes then raise (Not_certificate "the file is over 10^8 bytes");
  let s = really_input_string channel length in
  close_in channel;
  s

(* ---- The certificate, as document.py reads it ---- *)

let field o k = match o with Obj kv -> List.assoc_opt k kv | _ -> None

let show = function
  | None -> "None" | Some Null -> "None" | Some (Bool b) -> if b then "True" else "False"
  | Some (Num t) -> t | Some (Str t) -> "'" ^ t ^ "'" | Some (Arr _) -> "[...]"
  | Some (Obj _) -> "{...}"

let obj what = function Some (Obj kv) -> kv | _ -> invalid (what ^ " must be an object")
let items what = function Some (Arr l) -> l | _ -> invalid (what ^ " must be a list")

let is_integer t =
  let body = if String.length t > 0 && t.[0] = '-' then String.sub t 1 (String.length t - 1) else t in
  body <> "" && String.for_all (fun c -> c >= '0' && c <= '9') body

(* A JSON integer >= least (0 or 1), as Coq's integer. *)
let whole what least v =
  match v with
  | Some (Num t) when is_integer t && t.[0] <> '-' && (least = 0 || t <> "0") -> z_of_string t
  | Some (Num "-0") when least = 0 -> Z0
  | _ -> invalid (Printf.sprintf "%s must be a whole number >= %d, got %s" what least (show v))

let rec nat_of_int k = if k <= 0 then O else S (nat_of_int (k - 1))
let rec int_of_nat = function O -> 0 | S k -> 1 + int_of_nat k

(* checker/printed.py's printed(): digits, an optional point, an optional leading "-". *)
let printed_of what = function
  | Some (Str t) ->
      let body = String.trim t in
      let negative = String.length body > 0 && body.[0] = '-' in
      let body = if negative then String.sub body 1 (String.length body - 1) else body in
      let whole_part, decimals =
        match String.index_opt body '.' with
        | None -> body, ""
        | Some k -> String.sub body 0 k, String.sub body (k + 1) (String.length body - k - 1) in
      let ds = whole_part ^ decimals in
      if ds = "" || String.length ds > 1000 || not (String.for_all (fun c -> c >= '0' && c <= '9') ds)
      then invalid (Printf.sprintf "%s '%s' is not a printed number" what t);
      { negative; digits = z_of_string ds; places = nat_of_int (String.length decimals) }
  | v -> invalid (Printf.sprintf "%s must be printed text, got %s" what (show v))

(* Names: the grid metrics by constructor, every other text numbered (Other i). *)
let others : (string, int) Hashtbl.t = Hashtbl.create 16
let other_names : (int, string) Hashtbl.t = Hashtbl.create 16
let fresh = ref 0
let number_of s =
  match Hashtbl.find_opt others s with
  | Some k -> k
  | None ->
      let k = !fresh in
      incr fresh; Hashtbl.add others s k; Hashtbl.add other_names k s; k
let name_of = function
  | "auc_roc" -> Metric AucRoc | "recall" -> Metric Recall
  | "specificity" -> Metric Specificity | "accuracy" -> Metric Accuracy
  | s -> Other (nat_of_int (number_of s))
let metric_text = function
  | AucRoc -> "auc_roc" | Recall -> "recall" | Specificity -> "specificity" | Accuracy -> "accuracy"
let name_text = function
  | Metric m -> metric_text m
  | Other k -> Option.value (Hashtbl.find_opt other_names (int_of_nat k)) ~default:"(not text)"

let stage_names : (int, string) Hashtbl.t = Hashtbl.create 16
let register s = let k = Hashtbl.length stage_names in Hashtbl.add stage_names k s; nat_of_int k
let stage_name k = Hashtbl.find stage_names (int_of_nat k)
let unchecked s = Unchecked (register s)

let rule_of = function
  | "nearest" -> Nearest | "nearest-even" -> NearestEven | "truncate" -> Truncate
  | "exact" -> Exact | _ -> assert false

let aggregate = [ "auc_roc_mean"; "macro_auc_roc"; "weighted_auc_roc"; "auc_roc_sd" ]

let stage_text e = match field e "stage" with Some (Str s) -> s | _ -> "(no stage)"

let exclusion e =
  let e = Obj (obj "an exclusion" (Some e)) in
  let stage = match field e "stage" with
    | Some (Str s) -> s
    | v -> invalid ("an exclusion's stage must be a name, got " ^ show v) in
  if field e "excludes" <> Some (Arr []) then
    invalid (stage ^ ": on the metrics path an exclusion excludes no listed value");
  let data = Obj (obj "data" (field e "data")) in
  if stage <> "grid" then unchecked stage
  else
    let metric = match field data "metric" with
      | Some (Str s) -> name_of s
      | _ -> incr fresh; Other (nat_of_int (!fresh - 1)) in
    let dens = match field data "denominators" with
      | Some (Arr l) when List.for_all (function Num t -> is_integer t | _ -> false) l ->
          (* one denominator is written; a longer list is as wrong with its first two *)
          List.map (function Num t -> z_of_signed t | _ -> Z0) (List.filteri (fun i _ -> i < 2) l)
      | _ -> [] in
    Grid (metric, dens)

let decision d =
  let d = Obj (obj "a decision" (Some d)) in
  if field (Obj (obj "candidates" (field d "candidates"))) "kind" <> Some (Str "rankings") then
    invalid "a metrics decision's candidates are {kind: rankings}";
  List.map exclusion (items "a decision's exclusions" (field d "exclusions"))

let through question =
  let box = function
    | Arr [ Arr [ a; b ]; Arr [ c; e ] ] -> List.iter (fun v -> ignore (whole "a box end" 0 (Some v))) [ a; b; c; e ]
    | _ -> invalid "question.through holds boxes [[TP lo, TP hi], [FP lo, FP hi]]" in
  match field question "through" with None -> () | v -> List.iter box (items "question.through" v)

let reason_text = function
  | BadCounts -> "positives and negatives must be at least 1"
  | NoDecision -> "an impossible verdict with no decision"
  | NoExclusion -> "a decision has no exclusion"
  | NotClaimed n -> Printf.sprintf "grid: the metric '%s' is not claimed" (name_text n)
  | NotGrid n -> Printf.sprintf "grid: '%s' is not a metric of one grid" (name_text n)
  | WrongDenominators n -> Printf.sprintf "grid: %s's denominators are not the metric's" (name_text n)
  | Hits (m, k, d) ->
      Printf.sprintf "grid: %s = %s/%s lies in the printed span" (metric_text m) (string_of_z k)
        (string_of_z d)
  | BadTasks -> "an aggregate needs two tasks or more, each with a positive and a negative"
  | StepNotDividing -> "aggregate-grid: the step does not divide every task's w / D"
  | StepHits (k, v) ->
      Printf.sprintf "aggregate-grid: %s/%s, a multiple of the step, lies in the interval"
        (string_of_z k) (string_of_z v)

let unique l = List.fold_left (fun acc x -> if List.mem x acc then acc else acc @ [ x ]) [] l

let no_proved_check stages =
  raise (Unverified_certificate ("no proved check for stage " ^ String.concat ", " (unique stages)))

(* checker/aggregate.py's _whole: digits only, at most 30. *)
let small_whole what t =
  let body = String.trim t in
  if body = "" || String.length body > 30 || not (String.for_all (fun c -> c >= '0' && c <= '9') body)
  then invalid (Printf.sprintf "%s '%s' is not a whole number" what t);
  z_of_string body

let claim_text claims k = match List.assoc_opt k claims with
  | Some (Str t) -> t | Some Null | None -> "None" | Some (Num t) -> t | Some (Bool b) -> if b then "True" else "False"
  | Some _ -> "..."

(* The aggregate path (checker/aggregate.py, check_aggregate): the tasks re-derived from the
   claims, the one decision's stages; CheckAggregate.check_aggregate decides. *)
let check_aggregate_document question claims decisions stages =
  let asked = List.filter (fun k -> List.mem_assoc k claims) [ "auc_roc_mean"; "macro_auc_roc"; "weighted_auc_roc" ] in
  if List.length asked > 1 || (asked = [] && not (List.mem_assoc "auc_roc_sd" claims)) then
    invalid "an aggregate question holds one of auc_roc_mean, macro_auc_roc, weighted_auc_roc, auc_roc_sd";
  if asked = [] then no_proved_check stages;
  let claim = List.hd asked in
  let mean_text = printed_of claim (List.assoc_opt claim claims) in
  let tasks =
    if List.mem_assoc "fold_sizes" claims then
      List.map (fun part ->
          let p, n = match String.index_opt part '/' with
            | Some k -> String.sub part 0 k, String.sub part (k + 1) (String.length part - k - 1)
            | None -> part, "" in
          (small_whole "a fold's positives" p, small_whole "a fold's negatives" n))
        (String.split_on_char ',' (claim_text claims "fold_sizes"))
    else if List.mem_assoc "folds" claims then begin
      let k = small_whole "folds" (claim_text claims "folds") in
      let pos = whole "positives" 1 (field question "positives") in
      let neg = whole "negatives" 1 (field question "negatives") in
      let le a b = Z.leb a b in
      if not (le (Zpos (XO XH)) k && le k pos && le k neg) then
        invalid (Printf.sprintf "folds %s does not split %s positives and %s negatives"
                   (string_of_z k) (string_of_z pos) (string_of_z neg));
      if not (le k (z_of_string "10000")) then
        raise (Not_certificate "over the extracted checker's bounds (10,000 tasks)");
      stratified pos neg k
    end
    else if List.mem_assoc "class_counts" claims then begin
      let counts = List.map (small_whole "a class count")
          (String.split_on_char ',' (claim_text claims "class_counts")) in
      let total = List.fold_left Z.add Z0 counts in
      List.map (fun c -> (c, Z.sub total c)) counts
    end
    else invalid "an aggregate claim needs fold_sizes, folds or class_counts" in
  if List.compare_length_with tasks 10_000 > 0 then
    raise (Not_certificate "over the extracted checker's bounds (10,000 tasks)");
  let ties = field question "ties" = Some (Bool true) in
  let rule = match field question "rounding" with Some (Str r) -> rule_of r | _ -> Nearest in
  let agg = { tasks; weighted = claim = "weighted_auc_roc"; aties = ties; arule = rule; mean_text } in
  let decision = match decisions with
    | [ Obj d ] -> Obj d
    | _ -> invalid "an aggregate certificate has one decision" in
  let exclusions = match field decision "exclusions" with
    | Some (Arr (_ :: _ as es)) -> es
    | _ -> invalid "an aggregate decision has no exclusion" in
  let stage e =
    let data = match field e "data" with
      | Some (Obj _ as d) -> d | _ -> invalid "an exclusion's data must be an object" in
    match field e "stage" with
    | Some (Str "aggregate-grid") ->
        let step = match field data "step" with
          | Some (Str t) -> t | _ -> invalid "aggregate-grid: data.step must be text p/q" in
        let top, bottom = match String.index_opt step '/' with
          | Some k -> String.sub step 0 k, String.sub step (k + 1) (String.length step - k - 1)
          | None -> step, "" in
        StepGrid (small_whole "the step" top, small_whole "the step" (if bottom = "" then "1" else bottom))
    | Some (Str ("aggregate-enumerated" as s)) -> StepUnchecked (register s)
    | Some (Str ("aggregate-sd-enumerated" as s)) when List.mem_assoc "auc_roc_sd" claims ->
        StepUnchecked (register s)
    | v -> invalid ("an aggregate decision has no stage " ^ show v) in
  let es = List.map stage exclusions in
  match check_aggregate agg es with
  | Valid -> "every decision proved (1, aggregate-grid, by CheckAggregate.check_aggregate)"
  | Invalid r -> invalid (reason_text r)
  | Unverified l -> no_proved_check (List.map stage_name l)

let check_document doc =
  if field doc "certificate" <> Some (Str "rocpr-exact consistent") then
    raise (Not_certificate "not a certificate: no \"certificate\": \"rocpr-exact consistent\"");
  if field doc "version" <> Some (Num "1") then
    raise (Not_certificate ("certificate version " ^ show (field doc "version")
                            ^ ": this checker reads version 1"));
  if field doc "verdict" <> Some (Str "impossible") then
    raise (Unverified_certificate ("the verdict is " ^ show (field doc "verdict")
                                   ^ ": a certificate proves an impossible only"));
  let question = Obj (obj "question" (field doc "question")) in
  let npos = whole "positives" 1 (field question "positives") in
  let nneg = whole "negatives" 1 (field question "negatives") in
  let ties, rounding = match field question "ties", field question "rounding" with
    | Some (Bool t), None -> t, "nearest"
    | Some (Bool t), Some (Str r) when List.mem r [ "nearest"; "nearest-even"; "truncate"; "exact" ] -> t, r
    | _ -> invalid "question: ties must be a boolean, rounding one of nearest, nearest-even, truncate, exact" in
  let claims = obj "question.claims" (field question "claims") in
  let decisions = items "decisions" (field doc "decisions") in
  let exclusions = List.fold_left (fun n d -> n + match field d "exclusions" with
      | Some (Arr es) -> List.length es | _ -> 1) 0 decisions in
  if List.length claims > max_claims || exclusions > max_exclusions then
    raise (Not_certificate "over the extracted checker's bounds (1,000 claims, 10,000 exclusions)");
  if decisions = [] then invalid "an impossible verdict with no decision";
  let stages () = List.concat_map (fun d -> match field d "exclusions" with
      | Some (Arr es) -> List.map stage_text es | _ -> []) decisions in
  if List.exists (fun (k, _) -> List.mem k aggregate) claims then
    check_aggregate_document question claims decisions (stages ())
  else begin
  if List.mem_assoc "auc_ci" claims || List.mem_assoc "delong_p" claims then no_proved_check (stages ());
  let claims = List.map (fun (k, v) -> (name_of k, printed_of k (Some v))) claims in
  through question;
  let ds = List.map decision decisions in
  match check { npos; nneg; ties; rounding = rule_of rounding; claims } ds with
  | Valid -> Printf.sprintf "every decision proved (%d, grid, by CheckGrid.check)" (List.length ds)
  | Invalid r -> invalid (reason_text r)
  | Unverified l -> no_proved_check (List.map stage_name l)
  end

let () =
  let status, line =
    try
      if Array.length Sys.argv <> 2 then raise (Not_certificate "usage: check_main FILE");
      let doc = parse (read_file Sys.argv.(1)) in
      0, "valid: " ^ check_document doc
    with
    | Invalid_certificate r -> 1, "invalid: " ^ r
    | Unverified_certificate r -> 4, "unverified: " ^ r
    | Not_certificate r -> prerr_endline r; exit 2 in
  print_endline line;
  exit status
