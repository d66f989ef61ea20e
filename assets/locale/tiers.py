"""The names config.yaml gives the shipped bot tiers, marked for the catalogue.

config.yaml is not Python, so ``pybabel extract`` cannot read its tier names; this
list puts each shipped name in the catalogue, and the menus translate a tier's name
where they show it (a tier a player adds keeps the name they gave it, untranslated
unless a catalogue has it). ``tests/test_translations.py`` checks the list against
config.yaml. Not imported by the program.
"""
N_ = str

TIER_NAMES = (N_("Easy"), N_("Medium"), N_("Hard"), N_("Master"))
#: The bot every game's seat menu offers after its tiers (``bots/any_game.py``).
OTHER_BOTS = (N_("Tree search"),)
