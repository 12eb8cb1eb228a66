"""The decision engine of ``consistent`` (issue 39): one protocol, stages as data.

A question (a :class:`~rocpr_exact.consistency.engine.protocol.Query`: P, N, the printed
claims) is decided by a tuple of stages run in cost order by one loop
(:func:`~rocpr_exact.consistency.engine.protocol.decide`).  Each stage that excludes
candidates says so with a :class:`~rocpr_exact.consistency.engine.protocol.Certificate` that
:mod:`rocpr_exact.checker` re-verifies without the stage's code.
"""
