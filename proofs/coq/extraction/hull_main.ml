(* The extracted hull as a program: reads "FP TP" lines (a curve's points in curve order, both
   non-negative decimal integers) on stdin, writes the hull's vertices as "FP TP" lines.
   Integers are converted digit by digit to Coq's binary integers (Proved.z), so any size works. *)
open Proved

open Zconv

let () =
  let points = ref [] in
  (try
     while true do
       let line = String.trim (input_line stdin) in
       if line <> "" then
         match String.split_on_char ' ' line with
         | [fp; tp] -> points := (z_of_string fp, z_of_string tp) :: !points
         | _ -> failwith ("expected 'FP TP': " ^ line)
     done
   with End_of_file -> ());
  List.iter
    (fun (fp, tp) -> print_endline (string_of_z fp ^ " " ^ string_of_z tp))
    (upper_hull (List.rev !points))
