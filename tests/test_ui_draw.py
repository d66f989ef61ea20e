"""Drawing helpers: the cheap blur behind shadows and glows."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.ui.draw import soft_blur


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
