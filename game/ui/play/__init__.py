"""What the play screen (``game/ui/scenes/play.py``) does besides its turn loop and drawing,
a module a job: where input goes (``keys``), Hint (``hints``), save, load, copy and
paste (``files``), and the two kinds of game it shows, one on this computer
(``local``) and one over the network (``network``); ``screen`` is what these
parts see of the screen and of one another."""
