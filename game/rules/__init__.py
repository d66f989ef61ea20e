"""Layer 1, the rules: each game's state (legal moves, push/pop, outcome, notation),
the interface they share (``core``), the catalogue of games, and the interface a
bot implements (``bot``). Pure Python, no pygame, no processes."""
