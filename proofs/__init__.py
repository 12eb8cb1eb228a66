"""Machine-checked proofs of the claims of Davis & Goadrich (2006); see ``proofs/README.md``."""
