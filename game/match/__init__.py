"""Layer 3, matches: the headless match session (the one turn loop), bots in worker
processes under a time budget, the bot registry and the config that names each
tier, the engines' warm-up and the arena. No pygame."""
