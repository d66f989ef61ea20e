"""Play over the local network: the protocol, the table of a hosted game (what each
message does, without sockets) and the server that connects players to it, the
client and the session the play screen drives, and finding hosted games.
Between the store and the window: it imports the rules, matches and the store, never pygame."""
