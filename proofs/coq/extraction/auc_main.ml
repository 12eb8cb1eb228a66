(* The extracted twice-AUC numerator as a program: reads "SCORE LABEL" lines (integer scores,
   label 1 for a positive, 0 for a negative) on stdin and prints 2 U = 2 P N AUC-ROC, an integer
   (AucMannWhitney.auc_numerator2, proved equal to twice the Mann-Whitney U with ties 1/2). *)
open Proved
open Zconv

let () =
  let pos = ref [] and neg = ref [] in
  (try
     while true do
       let line = String.trim (input_line stdin) in
       if line <> "" then
         match String.split_on_char ' ' line with
         | [score; "1"] -> pos := z_of_signed score :: !pos
         | [score; "0"] -> neg := z_of_signed score :: !neg
         | _ -> failwith ("expected 'SCORE LABEL': " ^ line)
     done
   with End_of_file -> ());
  print_endline (string_of_z (auc_numerator2 (List.rev !pos) (List.rev !neg)))
