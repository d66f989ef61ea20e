"""Parts of a screen that are not screens themselves: the play screen's status box, buttons, move list,
result panel and Rules card, and the setup screen's list of start-up problems.

A panel draws inside the scene that holds it and reaches the services through
it; it is never on the scene stack and never navigates.
"""
