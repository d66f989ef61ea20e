"""Search helpers shared by bots, written once against the rules interface."""
