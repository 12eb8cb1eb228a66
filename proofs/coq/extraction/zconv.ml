(* Decimal text to and from the extracted Coq integers (Proved.z), digit by digit. *)
open Proved

let rec pos_of_digits acc = function
  | [] -> acc
  | d :: rest -> pos_of_digits (add_digit acc d) rest
and add_digit acc d =
  (* acc * 10 + d, on Coq's Z *)
  Z.add (Z.mul acc (Zpos (XO (XI (XO XH))))) (z_of_small d)
and z_of_small d =
  let rec pos n = if n = 1 then XH else if n mod 2 = 0 then XO (pos (n / 2)) else XI (pos (n / 2)) in
  if d = 0 then Z0 else Zpos (pos d)

let z_of_string s =
  let digits = List.init (String.length s) (fun i -> Char.code s.[i] - Char.code '0') in
  if List.exists (fun d -> d < 0 || d > 9) digits || digits = [] then failwith ("not a count: " ^ s);
  pos_of_digits Z0 digits

(* A decimal integer with an optional leading "-". *)
let z_of_signed s =
  if String.length s > 0 && s.[0] = '-' then
    Z.opp (z_of_string (String.sub s 1 (String.length s - 1)))
  else z_of_string s

let rec string_of_pos p =
  (* binary digits to a decimal string via repeated doubling on a digit list (little endian) *)
  let double_add ds bit =
    let rec go ds carry = match ds with
      | [] -> if carry > 0 then [carry] else []
      | d :: rest -> let v = 2 * d + carry in (v mod 10) :: go rest (v / 10) in
    go ds bit in
  let rec bits p = match p with XH -> [1] | XO q -> 0 :: bits q | XI q -> 1 :: bits q in
  let ds = List.fold_left double_add [] (List.rev (bits p)) in
  String.concat "" (List.rev_map string_of_int ds)
and string_of_z = function Z0 -> "0" | Zpos p -> string_of_pos p | Zneg p -> "-" ^ string_of_pos p

