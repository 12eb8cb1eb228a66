"""Twin vector cases for pycocotools' COCOeval AP (:mod:`rocpr_exact.profiles.coco`)."""

from __future__ import annotations

from rocpr_exact.profiles import coco as TWINS
from rocpr_exact.profiles.case import TwinCase, floats

__all__ = ["CASES", "NOTES", "TOOL", "TWINS", "VERSION"]

TOOL = "coco"
VERSION = "pycocotools 2.0 (COCOeval.accumulate, summarize)"

NOTES: dict[str, str] = {
    "TieOrder": "Tied scores keep their given order (COCOeval's stable mergesort): the same "
    "scores with the matches in another order give another AP.",
    "MissedGroundTruth": "num_gt exceeds the matched detections: recall never reaches 1, the "
    "upper recall thresholds read precision 0.",
    "FloatQuirk": "A single detection's precision is 1 / (1 + 2**-52), which rounds to "
    "1 - 2**-52, not 1.",
    "NoGroundTruth": "num_gt = 0: COCOeval leaves the category out, silently (precision and "
    "AP -1); the twin returns -1 with an OneClassWarning.",
    "Refused": "A match with num_gt = 0: no COCO evaluation gives it.",
}


def _ap(comment: str, scores: list[str], matched: list[bool], num_gt: int, *flags: str) -> TwinCase:
    return TwinCase(
        comment,
        "average_precision",
        {"scores": scores, "matched": matched, "num_gt": num_gt},
        {},
        flags,
    )


CASES: tuple[TwinCase, ...] = (
    _ap(
        "three detections, two ground truths",
        floats("0.9", "0.8", "0.7"),
        [True, False, True],
        2,
        "FloatQuirk",
    ),
    _ap("one detection, matched", floats("0.5"), [True], 1, "FloatQuirk"),
    _ap(
        "tie: the match first",
        floats("0.9", "0.8", "0.8", "0.7"),
        [True, True, False, True],
        3,
        "TieOrder",
    ),
    _ap(
        "tie: the match second",
        floats("0.9", "0.8", "0.8", "0.7"),
        [True, False, True, True],
        3,
        "TieOrder",
    ),
    _ap(
        "five ground truths, three found",
        floats("0.95", "0.9", "0.6", "0.4", "0.3"),
        [True, False, True, False, True],
        5,
        "MissedGroundTruth",
    ),
    _ap(
        "recall steps of 1/7, not on the 0.01 grid",
        floats("0.99", "0.97", "0.9", "0.85", "0.8", "0.7", "0.65", "0.6", "0.5", "0.2"),
        [True, True, False, True, True, False, True, True, False, True],
        7,
    ),
    _ap("unsorted input", floats("0.2", "0.9", "0.5", "0.7"), [False, True, True, False], 2),
    _ap("no ground truth", floats("0.5", "0.4"), [False, False], 0, "NoGroundTruth"),
    _ap("a match without ground truth", floats("0.5"), [True], 0, "Refused"),
)
