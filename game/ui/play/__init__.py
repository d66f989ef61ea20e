"""The play screen's parts other than the scene itself: the status panel and the
controls (the move list, result panel and rules panel sit beside the scenes)."""
