"""Drawing helpers: the cheap blur behind shadows and glows."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.ui.draw import fit_text, panel, rendered, soft_blur, text


@pytest.mark.parametrize("size, radius", [((300, 200), 6), ((300, 200), 10), ((400, 160), 18)])
def test_soft_blur_looks_like_the_full_gaussian_blur(size: tuple[int, int], radius: int) -> None:
    image = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(image, (0, 0, 0, 200), image.get_rect().inflate(-2 * radius - 10, -2 * radius - 10),
                     border_radius=14)
    full = pygame.surfarray.array_alpha(pygame.transform.gaussian_blur(image, radius)).astype(int)
    soft = soft_blur(image, radius)
    assert soft.get_size() == size
    difference = np.abs(pygame.surfarray.array_alpha(soft).astype(int) - full)
    assert difference.mean() <= 6
    assert difference.max() <= 32


def _pixels(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface)


def test_text_drawn_again_reuses_the_image_drawn_the_first_time() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    first = rendered(font, "Undo", (200, 210, 220))
    assert rendered(font, "Undo", (200, 210, 220)) is first
    assert rendered(font, "Undo", (10, 210, 220)) is not first        # another colour is another image
    assert rendered(font, "Redo", (200, 210, 220)) is not first


def test_faded_text_leaves_the_shared_image_as_it_was() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    fresh = pygame.Surface((120, 40))
    fresh.blit(font.render("Hint", True, (240, 200, 90)), (0, 0))
    target = pygame.Surface((120, 40))
    text(target, font, "Hint", (240, 200, 90), (0, 0), alpha=60)
    assert not np.array_equal(_pixels(target), _pixels(fresh))        # drawn faded
    target.fill((0, 0, 0))
    text(target, font, "Hint", (240, 200, 90), (0, 0))
    assert np.array_equal(_pixels(target), _pixels(fresh))            # then whole again, as rendered anew


def test_fitted_text_is_cut_for_each_width_it_is_asked_for() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    long = "A rather long name for a bot"
    assert fit_text(font, long, 1000) == long
    short = fit_text(font, long, 80)
    assert short.endswith("…") and font.size(short)[0] <= 80
    assert fit_text(font, long, 1000) == long


def test_see_through_panels_of_one_size_keep_their_own_colours() -> None:
    target = pygame.Surface((200, 100))
    rect = pygame.Rect(10, 10, 180, 80)
    for fill in ((200, 40, 40), (40, 40, 200)):
        target.fill((0, 0, 0))
        panel(target, rect, fill=fill, border=None, alpha=235)
        red, _, blue = target.get_at(rect.center)[:3]
        assert (red > blue) == (fill[0] > fill[2])
