"""The user interface: the only layer that imports pygame."""
