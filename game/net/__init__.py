"""Play over the local network: the protocol, the authoritative game server, the
client and the session the play screen drives, and finding hosted games.
Between the store and the window: it imports the rules, matches and the store, never pygame."""
