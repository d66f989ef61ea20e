"""Write the arcade's icon: ``board-arcade.svg`` and its 256-pixel ``board-arcade.png``, next to this script.

The icon is our own drawing (CC0, like the sounds): a night-blue tile with a
gold edge holding one piece of each game, set like the five on a die: a
Tic-Tac-Toe cross, a Connect Four disc, a Chinese Checkers marble in the
middle, a black Reversi disc and a white Gomoku stone. The SVG is the
drawing; the PNG (the window's icon, and the launcher's where SVG is not
read) is rendered from it by pygame, so the two always match::

    python assets/icons/make_icon.py
"""
from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
NAME = "board-arcade"
PNG_SIZE = 256

SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect x="8" y="8" width="240" height="240" rx="52" fill="#262a5c" stroke="#ffc457" stroke-width="8"/>
  <path d="M50 50 L96 96 M96 50 L50 96" stroke="#ff6b6b" stroke-width="15" stroke-linecap="round"/>
  <circle cx="183" cy="73" r="28" fill="#ffd166"/>
  <circle cx="183" cy="73" r="18" fill="none" stroke="#e0a93a" stroke-width="5"/>
  <circle cx="128" cy="128" r="27" fill="#4ecdc4"/>
  <circle cx="119" cy="118" r="9" fill="#d4fbf7" fill-opacity="0.8"/>
  <circle cx="73" cy="183" r="28" fill="#15172a" stroke="#8a8fb8" stroke-width="3"/>
  <circle cx="64" cy="173" r="8" fill="#5a5f80" fill-opacity="0.8"/>
  <circle cx="183" cy="183" r="28" fill="#eceefc"/>
  <circle cx="174" cy="173" r="8" fill="#ffffff"/>
</svg>
"""


def main() -> None:
    import pygame

    svg = HERE / f"{NAME}.svg"
    svg.write_text(SVG, encoding="utf-8")
    image = pygame.image.load_sized_svg(str(svg), (PNG_SIZE, PNG_SIZE))
    pygame.image.save(image, str(HERE / f"{NAME}.png"))


if __name__ == "__main__":
    main()
