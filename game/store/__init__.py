"""What is kept on disk: save files in each game's notation, settings and
statistics. Files are written atomically. No pygame."""
