"""A game's review: each move valued by the strongest engine that can stand behind the values.

``model.py``: the review (``GameReview``, ``MoveReview``, ``PlyValue``), its
accuracy figures and its JSON; ``analyse.py``: the moves valued and judged;
``job.py``: the analysis in a child process, streamed back, and its cache.
"""
