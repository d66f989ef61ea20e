"""The pygame_gui theme, built from ``palette`` at start-up.

The arcade's screens and dialogs draw their own controls (``widgets.py``,
``dialogs.py``); this theme is for any pygame_gui element the app's
``UIManager`` is given (buttons, text fields, scrolling lists, tooltips),
so it too looks like the arcade rather than stock grey: night-blue panels
with rounded corners and borders, gold for the selected and focused, Inter
for text and Quicksand for window titles. Building the theme from the palette (rather
than shipping a JSON copy) keeps one source of truth for every colour.
"""
from __future__ import annotations

from typing import Any

from game.ui import palette
from game.ui.draw import brighten, mix

RGB = tuple[int, int, int]


def _hex(colour: RGB, alpha: int | None = None) -> str:
    text = "#{:02x}{:02x}{:02x}".format(*colour)
    return text if alpha is None else text + f"{alpha:02x}"


def _font(size: int, display: bool = False) -> dict[str, str]:
    if display:
        return {
            "name": "quicksand",
            "size": str(size),
            "regular_path": str(palette.DISPLAY_FONT_MEDIUM),
            "bold_path": str(palette.DISPLAY_FONT),
        }
    return {
        "name": "inter",
        "size": str(size),
        "regular_path": str(palette.TEXT_FONT),
        "bold_path": str(palette.TEXT_FONT_BOLD),
    }


def _shape(radius: int, border: int = 1, shadow: int = 0, padding: int | None = None) -> dict[str, str]:
    misc = {
        "shape": "rounded_rectangle",
        "shape_corner_radius": str(radius),
        "border_width": str(border),
        "shadow_width": str(shadow),
    }
    if padding is not None:
        misc["text_horiz_alignment_padding"] = str(padding)
    return misc


def _button_colours(bg: RGB, text: RGB, border: RGB) -> dict[str, str]:
    return {
        "normal_bg": _hex(bg),
        "hovered_bg": _hex(brighten(bg, 0.12)),
        "active_bg": _hex(palette.ACCENT_DARK),
        "selected_bg": _hex(mix(bg, palette.ACCENT, 0.35)),
        "disabled_bg": _hex(mix(bg, palette.BACKGROUND_TOP, 0.6)),
        "normal_text": _hex(text),
        "hovered_text": _hex(brighten(text, 0.2)),
        "active_text": _hex(palette.BACKGROUND_TOP),
        "selected_text": _hex(palette.TEXT),
        "disabled_text": _hex(mix(text, palette.BACKGROUND_TOP, 0.55)),
        "normal_border": _hex(border),
        "hovered_border": _hex(palette.ACCENT),
        "active_border": _hex(palette.ACCENT),
        "selected_border": _hex(palette.ACCENT),
        "disabled_border": _hex(mix(border, palette.BACKGROUND_TOP, 0.6)),
        "normal_text_shadow": "#00000000",
        "hovered_text_shadow": "#00000000",
        "active_text_shadow": "#00000000",
        "selected_text_shadow": "#00000000",
        "disabled_text_shadow": "#00000000",
    }


def build_theme() -> dict[str, Any]:
    """The theme dictionary for ``pygame_gui.UIManager``."""
    text, muted = palette.TEXT, palette.TEXT_MUTED
    panel, light, border = palette.PANEL, palette.PANEL_LIGHT, palette.PANEL_BORDER
    button = _button_colours(light, text, border)
    list_item = _button_colours(panel, text, panel)
    list_item.update({"hovered_border": _hex(light), "normal_border": _hex(panel)})
    return {
        "defaults": {
            "colours": {
                **button,
                "dark_bg": _hex(palette.BOARD),
                "disabled_dark_bg": _hex(palette.BACKGROUND_TOP),
                "text_shadow": "#00000000",
                "link_text": _hex(palette.ACCENT),
                "link_hover": _hex(brighten(palette.ACCENT, 0.3)),
                "link_selected": _hex(palette.ACCENT),
                "filled_bar": _hex(palette.ACCENT),
                "unfilled_bar": _hex(light),
                "text_cursor": _hex(palette.ACCENT),
            }
        },
        "button": {"font": _font(15), "misc": _shape(10, border=1, padding=12)},
        "label": {"font": _font(15), "colours": {"normal_text": _hex(text), "dark_bg": "#00000000"}},
        "text_box": {
            "font": _font(15),
            "colours": {"dark_bg": _hex(panel), "normal_text": _hex(text), "normal_border": _hex(border)},
            "misc": {**_shape(10, border=0), "padding": "6,6"},
        },
        "text_entry_line": {
            "font": _font(15),
            "colours": {
                "dark_bg": _hex(palette.BOARD),
                "normal_text": _hex(text),
                "selected_bg": _hex(palette.ACCENT_DARK),
                "selected_text": _hex(palette.BACKGROUND_TOP),
                "normal_border": _hex(border),
                "text_cursor": _hex(palette.ACCENT),
            },
            "misc": {**_shape(8, border=1), "padding": "8,4"},
        },
        "selection_list": {
            "colours": {"dark_bg": _hex(panel), "normal_border": _hex(border)},
            "misc": {**_shape(10, border=1), "list_item_height": "28"},
        },
        "selection_list.button": {"font": _font(15), "colours": list_item, "misc": _shape(6, border=0, padding=10)},
        "selection_list.@selection_list_item": {"font": _font(15), "colours": list_item, "misc": _shape(6, border=0, padding=10)},
        "vertical_scroll_bar": {
            "colours": {"dark_bg": _hex(palette.BOARD), "normal_border": _hex(palette.BOARD)},
            "misc": _shape(6, border=0),
        },
        "vertical_scroll_bar.button": {
            "colours": _button_colours(light, muted, light),
            "misc": _shape(6, border=0),
        },
        "vertical_scroll_bar.#sliding_button": {
            "colours": _button_colours(border, text, border),
            "misc": _shape(6, border=0),
        },
        "horizontal_scroll_bar": {
            "colours": {"dark_bg": _hex(palette.BOARD), "normal_border": _hex(palette.BOARD)},
            "misc": _shape(6, border=0),
        },
        "horizontal_scroll_bar.#sliding_button": {
            "colours": _button_colours(border, text, border),
            "misc": _shape(6, border=0),
        },
        "drop_down_menu": {
            "font": _font(15),
            "colours": {**button, "dark_bg": _hex(panel)},
            "misc": {**_shape(10, border=1), "expand_direction": "down"},
        },
        "drop_down_menu.button": {"colours": button, "misc": _shape(10, border=0, padding=10)},
        "drop_down_menu.selection_list.button": {"colours": list_item, "misc": _shape(6, border=0, padding=10)},
        "tool_tip": {
            "colours": {"dark_bg": _hex(palette.BOARD), "normal_text": _hex(text), "normal_border": _hex(palette.ACCENT_DARK)},
            "misc": {"rect_width": "260"},
        },
        "tool_tip.text_box": {
            "font": _font(14),
            "colours": {"dark_bg": _hex(palette.BOARD), "normal_text": _hex(text), "normal_border": _hex(palette.ACCENT_DARK)},
            "misc": {**_shape(8, border=1), "padding": "8,5"},
        },
        "window": {
            "colours": {"dark_bg": _hex(panel), "normal_border": _hex(border)},
            "misc": _shape(16, border=2, shadow=6),
        },
        "window.#title_bar": {
            "font": _font(18, display=True),
            "colours": {
                "normal_bg": _hex(light),
                "hovered_bg": _hex(light),
                "active_bg": _hex(light),
                "normal_text": _hex(palette.ACCENT),
                "hovered_text": _hex(palette.ACCENT),
                "active_text": _hex(palette.ACCENT),
                "normal_border": _hex(light),
                "hovered_border": _hex(light),
                "active_border": _hex(light),
            },
            "misc": {**_shape(14, border=0), "text_horiz_alignment": "left", "text_horiz_alignment_padding": "14"},
        },
        "window.#close_button": {
            "colours": _button_colours(light, muted, light),
            "misc": _shape(10, border=0, padding=0),
        },
        "message_window.text_box": {
            "font": _font(16),
            "colours": {"dark_bg": _hex(panel), "normal_text": _hex(text), "normal_border": _hex(panel)},
            "misc": {**_shape(10, border=0), "padding": "8,8"},
        },
        "confirmation_dialog.text_box": {
            "font": _font(16),
            "colours": {"dark_bg": _hex(panel), "normal_text": _hex(text), "normal_border": _hex(panel)},
            "misc": {**_shape(10, border=0), "padding": "8,8"},
        },
        "#ok_button": {"colours": _button_colours(palette.ACCENT_DARK, palette.BACKGROUND_TOP, palette.ACCENT)},
        "#confirm_button": {"colours": _button_colours(palette.ACCENT_DARK, palette.BACKGROUND_TOP, palette.ACCENT)},
        "#dismiss_button": {"colours": _button_colours(palette.ACCENT_DARK, palette.BACKGROUND_TOP, palette.ACCENT)},
        "file_dialog.#file_display_list": {"colours": {"dark_bg": _hex(palette.BOARD), "normal_border": _hex(border)}},
        "file_dialog.#file_display_list.#file_list_item": {"font": _font(15), "colours": list_item, "misc": _shape(6, border=0, padding=10)},
        "file_dialog.#file_display_list.#directory_list_item": {
            "font": {**_font(15), "bold": "1"},
            "colours": {**list_item, "normal_text": _hex(palette.ACCENT), "hovered_text": _hex(brighten(palette.ACCENT, 0.3))},
            "misc": _shape(6, border=0, padding=10),
        },
    }
