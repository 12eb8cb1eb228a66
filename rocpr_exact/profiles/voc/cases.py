"""Twin vector cases for the PASCAL VOC devkit's AP (:mod:`rocpr_exact.profiles.voc`).

Scores are distinct: the devkit's sort is not stable, so tied confidences have no defined
order there (docs/profiles/).
"""

from __future__ import annotations

from rocpr_exact.profiles import voc as TWINS
from rocpr_exact.profiles.case import TwinCase, floats

__all__ = ["CASES", "NOTES", "TOOL", "TWINS", "VERSION"]

TOOL = "voc"
VERSION = "PASCAL VOC devkit voc_eval (VOC2007 11-point, VOC2010+ all points)"

NOTES: dict[str, str] = {
    "ElevenPoint": "use_07_metric=True: the mean over t = 0, 0.1, ..., 1 (fl(i * fl(0.1))) of "
    "the greatest precision at recall >= t.",
    "AllPoints": "use_07_metric=False: the area under the precision envelope.",
    "Difficult": "num_gt exceeds the true positives (ground truths never detected): recall "
    "stays below 1.",
    "NoGroundTruth": "num_gt = 0: the devkit divides by 0 (nan recall, numpy warns): all points "
    "AP nan (null), 11 points AP 0; the twin returns the same with an OneClassWarning.",
    "Refused": "num_gt below the true positives: not a VOC evaluation.",
}


def _both(
    comment: str, scores: list[str], labels: list[int], num_gt: int | None, *flags: str
) -> list[TwinCase]:
    inputs = {"scores": scores, "labels": labels}
    if num_gt is not None:
        inputs["num_gt"] = num_gt
    return [
        TwinCase(
            comment, "average_precision", inputs, {"use_07_metric": False}, (*flags, "AllPoints")
        ),
        TwinCase(
            comment, "average_precision", inputs, {"use_07_metric": True}, (*flags, "ElevenPoint")
        ),
    ]


CASES: tuple[TwinCase, ...] = (
    *_both("TP, FP, TP", floats("0.9", "0.8", "0.7"), [1, 0, 1], None),
    *_both(
        "three of five ground truths",
        floats("0.95", "0.9", "0.6", "0.4", "0.3"),
        [1, 0, 1, 0, 1],
        5,
        "Difficult",
    ),
    *_both(
        "ten detections, seven ground truths",
        floats("0.99", "0.97", "0.9", "0.85", "0.8", "0.7", "0.65", "0.6", "0.5", "0.2"),
        [1, 1, 0, 1, 1, 0, 1, 1, 0, 1],
        7,
    ),
    *_both("unsorted input", floats("0.2", "0.9", "0.5", "0.7"), [0, 1, 1, 0], 3, "Difficult"),
    *_both("only false positives", floats("0.9", "0.8"), [0, 0], 2, "Difficult"),
    *_both("no ground truth", floats("0.9"), [0], 0, "NoGroundTruth"),
    *_both("num_gt below the true positives", floats("0.9", "0.8"), [1, 1], 1, "Refused"),
)
