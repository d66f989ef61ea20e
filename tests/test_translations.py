"""The catalogues: Simplified Chinese complete and in step with the code, format fields kept,
the compiled catalogues the same as their sources, and a pseudo-locale (English accented and
40% longer, made from the template at test time) that shows any word the window draws
without marking it for translation."""
from __future__ import annotations

import math
import re
import string
from pathlib import Path

import pytest
import yaml
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from game import lang

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
TEMPLATE = LOCALE / "arcade.pot"
#: The languages shipped, English aside (a test below checks the list against the folder).
SHIPPED = ("zh_CN", "zh_TW")
#: The pseudo-locale's code: not a language anyone speaks, never offered in Settings.
PSEUDO = "en_XA"
_ACCENTS = str.maketrans("aeiouycnsACEINOSUY", "áéíóúýçñšÁÇÉÍÑÓŠÚÝ")


def catalogue(code: str):
    return read_po((LOCALE / code / "LC_MESSAGES" / "arcade.po").open("rb"), locale=code)


def fields(text: str) -> set[str]:
    """The ``str.format`` fields of ``text`` (``{n}``, ``{game!r}``)."""
    return {f"{name}{'!' + conv if conv else ''}" for _lit, name, _spec, conv in string.Formatter().parse(text)
            if name is not None}


def pseudo(text: str) -> str:
    """``text`` with each word accented and 40% longer (``Play`` -> ``Pláý··``), its format
    fields and their braces left as they are."""
    def longer(word: re.Match) -> str:
        return word.group().translate(_ACCENTS) + "·" * math.ceil(len(word.group()) * 0.4)

    parts = re.split(r"(\{[^{}]*\})", text)
    return "".join(part if part.startswith("{") else re.sub(r"[A-Za-z]+", longer, part) for part in parts)


def write_pseudo_locale(folder: Path) -> Path:
    """The pseudo-locale's compiled catalogue, made from the template, in ``folder``; returns ``folder``."""
    template = read_po(TEMPLATE.open("rb"), locale="en")
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            message.string = tuple(pseudo(form) for form in message.id)
        else:
            message.string = pseudo(message.id)
    target = folder / PSEUDO / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    with (target / "arcade.mo").open("wb") as out:
        write_mo(out, template)
    return folder


def use_pseudo_locale(monkeypatch, folder: Path) -> None:
    """Show the window in the pseudo-locale (its catalogue in ``folder``) until the test ends."""
    monkeypatch.setattr(lang, "locale_dir", lambda: folder)
    assert lang.set_language(PSEUDO) == PSEUDO


def test_every_shipped_language_has_a_catalogue_and_english_needs_none():
    found = sorted(entry.name for entry in LOCALE.iterdir() if (entry / "LC_MESSAGES").is_dir())
    assert found == sorted(SHIPPED)
    assert lang.available() == sorted([lang.ENGLISH, *SHIPPED])


@pytest.mark.parametrize("code", SHIPPED)
def test_every_entry_is_translated_with_the_same_format_fields(code):
    untranslated, mismatched = [], []
    for message in catalogue(code):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings) or message.fuzzy:
            untranslated.append(ids[0])
            continue
        wanted = fields(ids[-1])
        mismatched += [(ids[0], text) for text in strings if fields(text) != wanted]
    assert untranslated == []
    assert mismatched == []


@pytest.mark.parametrize("code", SHIPPED)
def test_the_catalogue_holds_exactly_the_template_and_the_template_exactly_the_code(code):
    """A word marked in the code and missing from the template (``pybabel extract`` not run),
    or in the template and not in a language's catalogue (``pybabel update`` not run), fails here."""
    extracted = {message[2] if isinstance(message[2], str) else message[2][0]
                 for message in extract_from_dir(str(ROOT), method_map=[("game/**.py", "python"), ("bots/**.py", "python"),
                                                                       ("assets/locale/tiers.py", "python")],
                                                 keywords={"_": None, "N_": None, "ngettext": (1, 2)})}
    template = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(TEMPLATE.open("rb")) if m.id}
    translated = {m.id if isinstance(m.id, str) else m.id[0] for m in catalogue(code) if m.id}
    assert sorted(extracted - template) == [] and sorted(template - extracted) == []
    assert sorted(template - translated) == [] and sorted(translated - template) == []


@pytest.mark.parametrize("code", SHIPPED)
def test_the_compiled_catalogue_is_its_source_compiled(code):
    def table(messages) -> dict:
        return {tuple(m.id) if isinstance(m.id, (list, tuple)) else m.id:
                tuple(m.string) if isinstance(m.string, (list, tuple)) else m.string for m in messages if m.id}

    source = table(catalogue(code))
    compiled = table(read_mo((LOCALE / code / "LC_MESSAGES" / "arcade.mo").open("rb")))
    assert compiled == source, f"run: pybabel compile -D arcade -d assets/locale ({code}'s .mo is stale)"


def test_every_tier_config_yaml_ships_is_in_the_catalogue():
    config = yaml.safe_load((ROOT / "config.yaml").read_text(encoding="utf-8"))
    tiers = {name for game in config["games"].values() for name in game["tiers"]}
    names = {m.id for m in read_po(TEMPLATE.open("rb")) if m.id}
    assert tiers and tiers <= names


def test_chinese_players_read_their_own_words():
    lang.set_language("zh_CN")
    assert [lang._(word) for word in ("Tic-tac-toe", "Connect Four", "Reversi", "Gomoku", "Renju",
                                      "Chinese Checkers", "Undo", "Hint", "Master")] == \
        ["井字棋", "四子棋", "黑白棋", "五子棋", "连珠", "跳棋", "悔棋", "提示", "大师"]
    assert lang.ngettext("{n} move", "{n} moves", 3).format(n=3) == "3 步"


def test_the_pseudo_locale_accents_and_lengthens_every_word_but_keeps_format_fields(tmp_path, monkeypatch):
    use_pseudo_locale(monkeypatch, write_pseudo_locale(tmp_path))
    shown = lang._("Set up a game of {game}")
    assert shown == "Šét·· úp· á· gámé·· óf· {game}"
    assert lang.ngettext("{n} move", "{n} moves", 2).format(n=2) == "2 móvéš··"
    assert PSEUDO not in lang.available() or (tmp_path / PSEUDO).is_dir()


def test_choosing_a_language_in_settings_rewords_the_window_at_once_and_is_kept(make_app, monkeypatch):
    from game.store.userdata import load_settings
    from tests.test_ui_layout import DrawnText

    drawn = DrawnText(monkeypatch)
    d = make_app()
    d.services.scenes.go("settings", animate=False)
    chooser = next(choice for _label, _note, choice in d.scene.rows if choice.id == "language")
    assert chooser.value == ""                      # the system's language, by default
    chooser.select_value("zh_CN")
    chooser.on_change("zh_CN")
    lines = drawn.of_frames(d)
    assert "设置" in lines and "Settings" not in lines
    assert load_settings()[0].language == "zh_CN"
    d.services.scenes.go("title", animate=False)
    assert "开始" in drawn.of_frames(d)


def test_lang_on_the_command_line_wins_over_the_settings_for_the_run(monkeypatch, capsys):
    from tests.test_cli import fake_window
    import main

    shown = []
    fake_window(monkeypatch, lambda launch, game_id, load_path, options, clock: shown.append(lang._("Undo")))
    assert main.main(["--lang", "zh-CN"]) == 0
    assert lang.follow_setting("") == "zh_CN" and shown == ["悔棋"]
    assert main.main(["--lang", "xx"]) == 0
    assert "no translation into xx" in capsys.readouterr().err and shown[-1] == "Undo"


def test_a_tier_is_named_in_the_players_language_and_a_person_as_typed():
    from game.match.record import Player
    from game.ui.naming import player_names

    lang.set_language("zh_CN")
    assert player_names([Player.human(), Player.of_bot("Master")], lambda seat: "XO"[seat]) == ["你", "大师"]
    remote = Player("remote", "Host")        # a player over the network named Host: not the Host button's word
    assert player_names([Player.human(), remote], lambda seat: "XO"[seat]) == ["你", "Host"]


def test_the_reviews_verdicts_and_the_bots_values_are_worded_in_the_players_language():
    from game.ui.renderers.base import refusal_words, value_in_words
    from game.ui.scenes.review import verdict_words

    lang.set_language("zh_CN")
    assert verdict_words("threw away a win (a draw now)") == "丢掉了胜局（现在是和棋）"
    assert verdict_words("slower win (win in 9 instead of 5)") == "赢得更慢（9 步胜（而非 5））"
    assert value_in_words("loss in 4") == "4 步后负" and value_in_words("+0.35") == "+0.35"
    assert refusal_words("i8 is not legal: it makes a double-three, forbidden to Black in Renju") == \
        "i8 不合规则：形成三三，是连珠规则中黑方的禁手"


def test_a_game_on_screen_rewords_its_result_and_tooltips_when_the_language_changes(make_app):
    from game.match.record import Match, Player
    from game.rules.catalogue import new_state

    d = make_app()
    match = Match(new_state("tictactoe"), [Player.human(), Player.human()])
    for move in (0, 3, 1, 4, 2):
        match.play(move)
    d.open_match(match)
    d.frames(3)
    play = d.scene
    assert play.result.visible and play.result.headline == "X wins!"
    d.services.settings.update(language="zh_CN")
    d.frames(2)
    assert play.result.headline == "X胜！" and play.result.reason == "三连"
    assert play.controls.rules.tooltip == "井字棋玩法（F1）"


def test_a_colours_name_in_chinese_is_a_ball_not_letters_in_the_seat_badges(make_app, monkeypatch):
    """黑方 is two characters, as X is one letter: the badges still draw Black's piece, the name
    written beside them in the labels' type, never across a badge in the large type of X and O."""
    from game.match.record import Match, Player
    from game.rules.catalogue import new_state
    from game.ui import draw

    sizes: list[int] = []
    original = draw.rendered

    def recording(font, content, colour):
        if "黑方" == draw.clean_text(content):
            sizes.append(font.get_height())
        return original(font, content, colour)

    monkeypatch.setattr(draw, "rendered", recording)
    d = make_app()
    lang.set_language("zh_CN")
    badge_type = d.services.fonts.display(24).get_height()
    d.services.scenes.go("setup", animate=False, game_id="gomoku")
    d.frames(2)
    d.open_match(Match(new_state("gomoku"), [Player.human(), Player.human()]))
    d.frames(2)
    assert sizes and max(sizes) < badge_type


def test_every_estimate_the_gomoku_bots_write_reads_in_chinese():
    import re

    from bots.gomoku_hard import WIN, GomokuHard
    from game.ui.renderers.base import value_in_words

    lang.set_language("zh_CN")
    scores = (0, 100, -100, 300, -300, 900, -900, WIN - 4, -(WIN - 4))
    estimates = [GomokuHard.estimate_text(score, holding) for score in scores for holding in (False, True)]
    shown = [value_in_words(words) for words in estimates]
    assert value_in_words("well behind (estimate)") == "大劣（估计）"
    assert not [words for words in shown if re.search("[A-Za-z]", words)], list(zip(estimates, shown))
    assert value_in_words("wins by a VCF in 5") == "5 步以 VCF 获胜"
    assert value_in_words("loses to a VCT in 6") == "对方 6 步以 VCT 获胜"      # a proven threat loss, in a review
    assert value_in_words("loses in 3") == "3 步后负"


def test_an_open_seat_of_a_network_game_is_named_in_the_players_language():
    from game.match.record import REMOTE, Player
    from game.net.seating import OPEN_SEAT
    from game.ui.naming import player_names

    lang.set_language("zh_CN")
    players = [Player.human(), Player(REMOTE, OPEN_SEAT)]
    assert player_names(players, lambda seat: "XO"[seat]) == ["你", "暂无"]
    assert player_names([Player.human(), Player(REMOTE, "no one")], lambda seat: "XO"[seat])[1] == "no one"


def test_reversis_pass_and_chinese_checkers_ends_scores_and_bot_values_read_in_chinese():
    import random
    import re

    from bots.chinesecheckers_greedy import ChineseCheckersGreedy
    from bots.chinesecheckers_master import ONLY_MOVE, ChineseCheckersMaster
    from game.rules.catalogue import new_state
    from game.ui.renderers.base import refusal_words, value_in_words

    lang.set_language("zh_CN")
    latin = re.compile(r"[A-Za-z]{2,}")        # a word of English; notation (a1, j8-j10) is not
    assert refusal_words("d3 is not legal: Black has no move and must pass") == "d3 不合规则：黑方无处可下，只能停一手"
    assert refusal_words("pass is not legal: a player with a move may not pass") == "pass 不合规则：有棋可下时不能停一手"
    state, rng = new_state("chinesecheckers", turn_limit=50), random.Random(1)
    values = {**ChineseCheckersGreedy().analyse(state, 1.0), **ChineseCheckersMaster(seed=2).analyse(state, 0.05)}
    texts = [value.text for value in values.values()] + ["no move: pass", f"+6 steps toward the goal, {ONLY_MOVE}",
                                                         "+1 step toward the goal, tried in 41% of 2,310 playouts"]
    while state.outcome() is None:
        state.push(rng.choice(state.legal_moves()))
    outcome = state.outcome()
    shown = [value_in_words(words) for words in [outcome.reason, state.scores_text(outcome), *texts]]
    assert not [words for words in shown if latin.search(words)], shown
    assert value_in_words("Red filled the goal") == "红方填满终点营"
    refusals = ["e4 is taken", "e4 does not hold a Teal marble", "e4 to e6 is neither a step nor a jump",
                "e4-e6 jumps over the empty hole e5", "Teal has a move and may not pass",
                "a marble may end its move only in the hexagon, its start point or its goal; a5 is in the lower left point"]
    shown = [refusal_words(f"e4-e6 is not legal: {words}") for words in refusals]
    assert not [words for words in shown if latin.search(words)], shown
    assert shown[1] == "e4-e6 不合规则：e4 上没有青方的弹珠"
    assert value_in_words("steps to goal: Red 0, Teal 12") == "距终点步数：红方 0，青方 12"
    lang.set_language("en")
    assert value_in_words("+1 step, leaves 0.4 behind") == "+1 step, leaves 0.4 behind"


def test_a_tiers_rating_tooltip_and_a_hints_failure_read_in_chinese():
    from game.match.botregistry import BotRegistry
    from game.match.config import load_config
    from game.match.session import MatchSession

    lang.set_language("zh_CN")
    choices = {c.label: c for c in load_config().seat_choices("connect4", BotRegistry.discover())}
    assert choices["Easy"].tooltip.endswith("竞技场难度阶梯实测等级分 ≈1000 Elo（默认规则）。"), choices["Easy"].tooltip
    from types import SimpleNamespace

    from game.match.runner import BotReply
    from game.rules.catalogue import new_state
    from game.rules.phrases import value_in_words

    session = SimpleNamespace(state=new_state("tictactoe"))
    failed = MatchSession._hint_event(session, BotReply("analyse", 99), "Master")
    assert failed.text == "无法提示：提示电脑 Master 建议的着法在此处不合规则"
    assert MatchSession._hint_event(session, BotReply("analyse", None), "Master").text == \
        "无法提示：提示电脑 Master 不会评估着法（没有给出着法评价）"
    assert value_in_words(MatchSession._hint_event(session, BotReply("analyse", 4), "Master").detail) == "尚未评估"


def test_a_damaged_settings_file_and_an_unreadable_save_are_told_in_the_systems_language(make_app, monkeypatch,
                                                                                         tmp_path):
    from game.store.savefile import SaveFileError, load_match
    from game.store.userdata import settings_path

    monkeypatch.setenv("LANGUAGE", "zh_CN")             # a Chinese system: the damaged file's defaults show Chinese
    settings = settings_path()
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text("[1, 2]", encoding="utf-8")
    d = make_app()
    kept = settings.with_name("settings.json.bad")
    assert f"{settings}：应为记录设置的 JSON 对象；原文件已保留为 {kept}" in d.services.toasts.messages()
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(SaveFileError) as failed:
        load_match(empty)
    assert str(failed.value) == f"{empty}：文件是空的（存档没有写完，或被截断）"


def test_the_titles_resume_and_the_reviews_title_reword_at_once_on_a_language_change(make_app):
    from game.match.record import Match, Player
    from game.rules.catalogue import new_state
    from game.store import autosave

    state = new_state("connect4")
    match = Match(state, [Player.human(), Player.of_bot("Medium")])
    match.play(3)
    autosave.keep(match)
    d = make_app()
    resume = d.scene.widget("resume")
    assert resume.label == "Resume Connect Four"
    d.services.settings.update(language="zh_CN")
    d.frames(2)
    assert resume.label == "继续四子棋" and "Medium" not in resume.detail and "moves" not in resume.detail, resume.detail
    d.services.scenes.push("review", match=match, animate=False)
    d.frames(2)
    review = d.scene
    assert review.title == "复盘 · 四子棋"
    d.services.settings.update(language="en")
    d.frames(2)
    assert review.title == "Review · Connect Four"


@pytest.mark.parametrize("size", [(800, 560), (1024, 700), (1920, 1080)])
def test_a_game_cards_words_in_chinese_are_never_broken_with_a_character_alone_on_a_line(make_app, size):
    d = make_app(size)
    d.services.settings.update(language="zh_CN")
    d.services.scenes.go("games", animate=False)
    d.frames(2)
    for card in d.scene.cards:
        _title, notes = card.text_lines(card.rect.width)
        assert all(len(line) > 1 for _font, line in notes), (card.game_id, card.rect.width, [line for _font, line in notes])
