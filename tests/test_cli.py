"""main.py: each command's output, and bad input as one line with exit status 2."""
from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

import pytest

import main
from game.cli import build_parser
from game.rules.tictactoe import TicTacToe

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures"
TIERS_CONFIG = """\
games:
  tictactoe:
    time_budget: 0.5
    hint: Expert
    tiers:
      Beginner: {bot: WeakBot}
      Expert: {bot: StrongBot}
"""


@pytest.fixture
def tier_setup(tmp_path) -> list[str]:
    """Command-line options pointing at the fixture bots and a config naming them."""
    config = tmp_path / "config.yaml"
    config.write_text(TIERS_CONFIG)
    return ["--config", str(config), "--bots-dir", str(FIXTURES / "bots_tiers")]


def main_state(moves: str) -> TicTacToe:
    return TicTacToe.from_text(moves)


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_bots_lists_bots_tiers_and_load_problems(capsys, tmp_path):
    config = tmp_path / "config.yaml"
    config.write_text("games: {tictactoe: {time_budget: soon, tiers: {Only: {bot: GoodFixtureBot}}}}\n")
    status = main.main(["--config", str(config), "--bots-dir", str(FIXTURES / "bots_broken"), "bots"])
    out = capsys.readouterr().out
    assert status == 0
    assert "GoodFixtureBot (Good fixture) plays tictactoe" in out
    assert "Only  GoodFixtureBot" in out
    assert "config.yaml line 1: games.tictactoe.time_budget: expected seconds per move" in out
    assert "Bot files that failed to load:" in out
    assert "syntax_error.py: syntax error at line 4" in out


def test_bots_shows_tier_parameters_and_untiered_bots(capsys, tier_setup, tmp_path):
    Path(tier_setup[1]).write_text("games: {tictactoe: {tiers: {Expert: {bot: StrongBot, params: {depth: 1}}}}}\n")
    assert main.main([*tier_setup, "bots"]) == 0
    out = capsys.readouterr().out
    assert "Expert  StrongBot (depth=1)" in out
    assert "also in the seat menus: Lone wolf (LoneWolfBot), Weak (WeakBot)" in out


def test_bots_reports_a_tier_whose_bot_refuses_its_parameters_and_uses_the_builtin_tier(capsys, tmp_path):
    config = tmp_path / "config.yaml"
    config.write_text("games: {tictactoe: {tiers: {Hard: {bot: TicTacToeSymmetry, params: {depth: 99}}}}}\n")
    assert main.main(["--config", str(config), "bots"]) == 0
    out = capsys.readouterr().out
    assert ("config.yaml line 1: games.tictactoe.tiers.Hard.params: TicTacToeSymmetry(depth=99) failed: "
            "ValueError: depth must be") in out
    assert "using the built-in Hard tier (TicTacToeSymmetry, depth=5)" in out
    assert "Hard  TicTacToeSymmetry (depth=5)" in out


def test_analyse_prints_the_position_and_values_best_first(capsys, tier_setup):
    assert main.main([*tier_setup, "analyse", "tictactoe", "a3 b2 b3"]) == 0
    out = capsys.readouterr().out
    assert str(main_state("a3 b2 b3")) in out
    assert "Expert (StrongBot), values of O's moves, best first:" in out
    values = [line for line in out.split("best first:\n", 1)[1].splitlines() if line.startswith("  ")]
    assert values[0].split()[:2] == ["c3", "quiet"]
    assert [line.split()[1] for line in values[1:]] == ["loses"] * 5
    assert "Value of the position for O: not proven (every move valued, estimates)" in out


@pytest.mark.parametrize("floor", [True, False])
def test_analyse_lists_unvalued_moves_as_unknown_above_proven_losses(capsys, tmp_path, floor):
    config = tmp_path / "config.yaml"
    config.write_text(f"games:\n  tictactoe:\n    hint: Prover\n    tiers:\n"
                      f"      Prover: {{bot: PartialProverBot, params: {{floor: {str(floor).lower()}}}}}\n")
    assert main.main(["--config", str(config), "--bots-dir", str(FIXTURES / "bots_provers"), "analyse", "tictactoe", "b2"]) == 0
    out = capsys.readouterr().out
    lines = [line.strip() for line in out.split("best first:\n", 1)[1].splitlines() if line.startswith("  ")]
    state = main_state("b2")
    first, second, third, *rest = [state.move_to_str(move) for move in state.legal_moves()]
    unknown = "unknown, not valued: " + " ".join(rest if floor else [third, *rest])
    assert lines == [*([f"{third}  at least a draw (proven)"] if floor else []), unknown,
                     f"{first}  loss in 2 (proven)", f"{second}  loss in 2 (proven)"]


@pytest.mark.parametrize("floor, verdict", [
    (True, "Value of the position for O, proven: at least a draw"),
    (False, "Value of the position for O: not proven (2 of 8 moves valued)"),
])
def test_analyse_never_calls_a_value_of_some_moves_the_positions(capsys, tmp_path, floor, verdict):
    config = tmp_path / "config.yaml"
    config.write_text(f"games:\n  tictactoe:\n    hint: Prover\n    tiers:\n"
                      f"      Prover: {{bot: PartialProverBot, params: {{floor: {str(floor).lower()}}}}}\n")
    assert main.main(["--config", str(config), "--bots-dir", str(FIXTURES / "bots_provers"), "analyse", "tictactoe", "b2"]) == 0
    out = capsys.readouterr().out
    assert verdict in out and "loss" not in out.split("Value of the position", 1)[1]


def test_analyse_gives_the_positions_value_when_every_move_is_proven(capsys):
    assert main.main(["analyse", "reversi", "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--", "X"]) == 0
    out = capsys.readouterr().out
    assert "  g8  wins by 18 (proven)" in out
    assert "Value of the position for Black, proven: wins by 18\n" in out


def test_analyse_says_a_position_of_estimates_has_no_proven_value(capsys):
    assert main.main(["analyse", "reversi", "f5d6c3", "--budget", "0.3"]) == 0
    out = capsys.readouterr().out
    assert "(estimate)" in out and "Value of the position for White: not proven (every move valued, estimates)" in out


def test_analyse_with_the_shipped_config_uses_the_hint_tier(capsys):
    assert main.main(["analyse", "tictactoe", "b2 a3"]) == 0
    out = capsys.readouterr().out
    values = [line for line in out.split("best first:\n", 1)[1].splitlines() if line.startswith("  ")]
    assert sorted(line.split()[0] for line in values) == sorted(
        main_state("b2 a3").move_to_str(m) for m in main_state("b2 a3").legal_moves())


def test_analyse_of_a_finished_game_says_who_won(capsys, tier_setup):
    assert main.main([*tier_setup, "analyse", "tictactoe", "a1 b1 a2 b2 a3"]) == 0
    assert "The game is over: X wins (three in a row)." in capsys.readouterr().out


def test_analyse_reports_a_bot_failure(capsys, tmp_path):
    config = tmp_path / "config.yaml"
    config.write_text("games: {tictactoe: {time_budget: 0.2, hint: Bad, tiers: {Bad: {bot: BadValuesBot}}}}\n")
    status = main.main(["--config", str(config), "--bots-dir", str(FIXTURES / "bots_faulty"),
                        "analyse", "tictactoe", "b2"])
    assert status == main.BOT_FAILED
    assert "Bad (BadValuesBot) valued 99, which is not a legal move" in capsys.readouterr().err


@pytest.mark.parametrize("args, message", [
    (["analyse", "chess", "e4"], "unknown game 'chess'"),
    (["analyse", "tictactoe", "b2 b2"], "move 2 ('b2')"),
    (["analyse", "tictactoe", "b2 z9"], "'z9' is not a cell"),
    (["analyse", "tictactoe", "b2", "--bot", "Nobody"], "no tier or bot 'Nobody'"),
    (["arena", "tictactoe", "--a", "Beginner", "--b", "Nobody", "--games", "2"], "tiers: Beginner, Expert"),
    (["arena", "tictactoe", "--a", "Beginner", "--b", "Expert", "--games", "0"], "--games must be at least 1"),
    (["arena", "tictactoe", "--a", "Beginner", "--b", "Expert", "--options", "size=4"], "no option 'size'"),
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "chess(rows=5)"], "unknown game 'chess'"),
    (["analyse", "connect4(rows=99)", ""], "option rows='99' is not one of"),
    (["analyse", "connect4(rows=5", ""], "'connect4(rows=5' is not a game"),
    (["analyse", "connect4(rows=5,rows=6)", ""], "option 'rows' is given twice"),
    (["analyse", "connect4(rows=5)", "", "--options", "cols=5"], "give them one way"),
    (["analyse", "connect4(cols=4)", "5"], "move 1 ('5')"),
    (["arena", "tictactoe(size=4)", "--a", "Beginner", "--b", "Expert"], "tictactoe has no option 'size'"),
    (["arena", "tictactoe", "--a", "Beginner", "--b", "Expert", "--budget", "nan"], "--budget must be seconds"),
    (["arena", "tictactoe", "--a", "Beginner", "--b", "Expert", "--budget", "inf"], "from 0.01 to 600, got inf"),
    (["arena", "tictactoe", "--a", "Beginner", "--b", "Expert", "--budget", "-1"], "got -1"),
    (["analyse", "tictactoe", "b2", "--budget", "nan"], "--budget must be seconds per move"),
    (["analyse", "tictactoe", "b2", "--budget", "1e9"], "got 1e+09"),
])
def test_bad_input_is_one_line_and_status_2(capsys, tier_setup, args, message):
    assert main.main([*tier_setup, *args]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.startswith("main.py: error:") and "Traceback" not in err


def test_play_with_a_missing_save_file_is_refused(capsys, tmp_path):
    assert main.main(["play", "tictactoe", "--load", str(tmp_path / "gone.txt")]) == 2
    assert "no saved game at" in capsys.readouterr().err


def fake_window(monkeypatch, record) -> None:
    """The window's two modules faked: the splash's ``Launch`` keeps the paths it is given and
    opens nothing; the arcade's ``run`` hands what it is given to ``record`` and returns 0."""
    splash = types.ModuleType("game.ui.splash")

    class Launch:
        def __init__(self, config_path=None, bots_dir=None):
            self.config_path, self.bots_dir = config_path, bots_dir

        def begin(self):
            return self

    splash.Launch = Launch
    app = types.ModuleType("game.ui.app")
    app.run = lambda launch, game_id=None, load_path=None, options=None, clock=None: record(
        launch, game_id, load_path, options, clock) or 0
    monkeypatch.setitem(sys.modules, "game.ui.splash", splash)
    monkeypatch.setitem(sys.modules, "game.ui.app", app)


def test_play_hands_game_and_save_file_to_the_window(monkeypatch, tmp_path):
    calls = []
    fake_window(monkeypatch, lambda launch, game_id, load_path, options, clock=None: calls.append((game_id, load_path)))
    save = tmp_path / "game.txt"
    save.write_text("b2\n")
    assert main.main(["play", "tictactoe", "--load", str(save)]) == 0
    assert main.main([]) == 0
    assert calls == [("tictactoe", str(save)), (None, None)]


def test_play_takes_a_time_control_to_the_setup_screen_and_names_a_bad_one(monkeypatch, capsys):
    calls = []
    fake_window(monkeypatch, lambda launch, game_id, load_path, options, clock=None: calls.append((game_id, clock)))
    assert main.main(["play", "connect4", "--clock", "5 + 3x30"]) == 0
    assert main.main(["play", "connect4", "--clock", "none"]) == 0
    assert calls == [("connect4", "5+3x30"), ("connect4", "")]
    assert main.main(["play", "connect4", "--clock", "soon"]) == 2
    assert "--clock: 'soon' is not a time control" in capsys.readouterr().err


def test_play_takes_a_game_with_options_to_its_setup_screen(monkeypatch):
    calls = []
    fake_window(monkeypatch, lambda launch, game_id, load_path, options, clock=None: calls.append((game_id, options)))
    assert main.main(["play", "connect4(rows=5)"]) == 0
    assert calls == [("connect4", {"cols": 7, "rows": 5, "n": 4})]


@pytest.mark.parametrize("game", [["connect4(cols=4,rows=4,n=3)"], ["connect4", "--options", "n=3", "cols=4", "rows=4"]])
def test_analyse_plays_the_game_its_options_name(capsys, tier_setup, game):
    assert main.main([*tier_setup, "analyse", game[0], "11223", *game[1:]]) == 0
    out = capsys.readouterr().out
    assert "The game is over: Red wins (three in a row)." in out
    assert "1 2 3 4\n" in out


@pytest.mark.parametrize("game", [["connect4(rows=5,cols=5)"], ["connect4", "--options", "rows=5", "cols=5"]])
def test_arena_plays_the_game_its_options_name(monkeypatch, capsys, game):
    runs = []

    def fake_run_arena(game_id, specs, games, *, options=None, seed=None, openings=0, opening_list=(),
                       concurrency=1, ray_address=None, stop=None, keep_matches=False):
        runs.append((game_id, len(specs), options))
        return types.SimpleNamespace(table=lambda: "the table", figures_text=lambda sprt: "the figures", games=games)

    monkeypatch.setattr("game.match.arena.run_arena", fake_run_arena)
    assert main.main(["arena", *game, "--a", "easy", "--b", "medium", "--games", "1"]) == 0
    assert runs == [("connect4", 2, {"cols": 5, "rows": 5, "n": 4})]
    assert capsys.readouterr().out == "the table\nthe figures\n"


def test_arena_prints_a_table_of_both_sides(capsys, tier_setup):
    assert main.main([*tier_setup, "arena", "tictactoe", "--a", "beginner", "--b", "LoneWolfBot",
                      "--games", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Tic-tac-toe: 2 games" in out and "time budget 0.5 s" in out
    assert "Beginner (WeakBot)" in out and "Lone wolf (LoneWolfBot)" in out


def test_command_line_runs_as_a_script_without_pygame_or_numba():
    check = ("import sys, main; status = main.main(['bots']); "
             "loaded = [m for m in ('pygame', 'numba') if m in sys.modules]; "
             "sys.exit(f'imported {loaded}' if loaded else status)")
    result = subprocess.run([sys.executable, "-c", check], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    bad = run_cli("analyse", "tictactoe", "b2 b2")
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr and "b2 is not legal" in bad.stderr


def test_the_window_reads_the_settings_file_and_bots_folder_the_command_line_names(monkeypatch, tmp_path):
    calls = []
    fake_window(monkeypatch, lambda launch, game_id, load_path, options, clock=None: calls.append(
        {"config_path": launch.config_path, "bots_dir": launch.bots_dir}))
    mine = tmp_path / "mine.yaml"
    mine.write_text("games: {}\n")
    assert main.main(["--config", str(mine), "--bots-dir", str(tmp_path), "play", "tictactoe"]) == 0
    assert calls == [{"config_path": str(mine), "bots_dir": str(tmp_path)}]
    assert main.main(["--config", str(tmp_path / "none.yaml")]) == main.USAGE_ERROR


def test_bots_says_which_settings_file_it_read(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("BOARD_ARCADE_HOME", str(tmp_path))
    assert main.main(["bots"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("Settings: ") and "(the shipped ones; to change them, copy it to" in first
    assert str(tmp_path / "config" / "config.yaml") in first


def test_ctrl_c_during_a_command_prints_one_line_and_exits_with_status_130(capsys, monkeypatch):
    from game import cli

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "list_bots", interrupted)
    assert main.main(["bots"]) == cli.INTERRUPTED == 130
    captured = capsys.readouterr()
    assert captured.err == "main.py: stopped (Ctrl+C)\n" and captured.out == ""


def test_analyse_of_chinese_checkers_says_its_number_is_one_moves_gain_not_the_positions_value(capsys):
    assert main.main(["analyse", "chinesecheckers", "", "--budget", "0.5"]) == 0
    out = capsys.readouterr().out
    [valued] = [line for line in out.splitlines() if "toward the goal" in line]
    assert "the only move valued" in valued and "score" not in out
    assert "Value of the position for Red: not proven (1 of 14 moves valued, estimates)" in out


def test_the_window_and_serve_start_by_removing_what_writers_killed_mid_write_left(monkeypatch, tmp_path):
    from game.store.userdata import data_dir
    monkeypatch.setenv("BOARD_ARCADE_HOME", str(tmp_path))
    fake = types.ModuleType("game.ui.app")
    fake.run = lambda *args, **where: 0
    monkeypatch.setitem(sys.modules, "game.ui.app", fake)
    with subprocess.Popen([sys.executable, "-c", "pass"]) as gone:
        gone.wait()
    left = data_dir() / f".stats.json.{gone.pid}.abcdefgh.tmp"
    for command in ([], ["play", "tictactoe"], ["serve", "--game", "tictactoe", "--seats", "remote"]):
        left.write_text("{")
        main.main(command)
        assert not left.exists(), command


@pytest.mark.parametrize("words, expected", [
    ("analyse reversi --budget 10 f5d6", dict(game="reversi", moves=["f5d6"], budget=10.0)),
    ("analyse reversi f5 --budget 10 d6 --bot Master", dict(game="reversi", moves=["f5", "d6"], bot="Master")),
    ("analyse --budget 2 tictactoe b2 a3", dict(game="tictactoe", moves=["b2", "a3"], budget=2.0)),
    ("analyse connect4 --options rows=5 cols=5 4453", dict(game="connect4", moves=["4453"], options=["rows=5", "cols=5"])),
    ("analyse connect4 --options rows=5 --options cols=5 44 -- 53", dict(moves=["44", "53"], options=["rows=5", "cols=5"])),
    ("analyse tictactoe b2 --config my.yaml a3 --bots-dir mine", dict(moves=["b2", "a3"], config="my.yaml", bots_dir="mine")),
    ("--config my.yaml analyse tictactoe b2", dict(moves=["b2"], config="my.yaml", bots_dir=None)),
    ("arena --a Easy tictactoe --b Hard --games 4", dict(game="tictactoe", a="Easy", b="Hard", games=4)),
    ("arena --sprt elo0=0 elo1=5 tictactoe --a Easy --b Hard", dict(game="tictactoe", sprt=["elo0=0", "elo1=5"])),
    ("arena --options rows=5 connect4 --a Easy --b Hard", dict(game="connect4", options=["rows=5"])),
    ("serve --seats remote,Master --game tictactoe --port 0 --config my.yaml", dict(game="tictactoe", port=0, config="my.yaml")),
    ("engine --tier Master gomoku", dict(game="gomoku", tier="Master")),
    ("engine gomoku --bots-dir mine", dict(game="gomoku", bots_dir="mine")),
    ("bots --config my.yaml", dict(command="bots", config="my.yaml")),
    ("warmup --bots-dir mine", dict(command="warmup", bots_dir="mine")),
    ("play --load saved.txt tictactoe --config my.yaml", dict(game="tictactoe", load="saved.txt", config="my.yaml")),
    ("review --budget 2 game.txt --config my.yaml", dict(budget=2.0, config="my.yaml")),
    ("review game.txt --bots-dir mine --no-cache", dict(bots_dir="mine", no_cache=True)),
])
def test_options_are_taken_anywhere_on_every_commands_line(words, expected):
    args = build_parser().parse_args(words.split())
    assert {name: getattr(args, name) for name in expected} == expected


def test_analyse_with_its_options_between_the_game_and_the_moves_values_the_moves(capsys, tier_setup):
    assert main.main(["analyse", "tictactoe", "a3", "--budget", "1", *tier_setup, "b2", "b3"]) == 0
    out = capsys.readouterr().out
    assert str(main_state("a3 b2 b3")) in out
    assert "Expert (StrongBot), values of O's moves, best first:" in out


@pytest.mark.parametrize("command, words", [
    ("analyse", "game [moves ...]"), ("arena", "game"), ("play", "game"), ("engine", "game"),
    ("serve", "--seats SEAT,SEAT,..."), ("bots", "[--config FILE] [--bots-dir DIR]"), ("warmup", "[--bots-dir DIR]"),
    ("review", "file"),
])
def test_every_commands_help_names_its_words_and_the_options_every_command_reads(capsys, command, words):
    with pytest.raises(SystemExit) as exited:
        main.main([command, "--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    usage = " ".join(out.split("\n\n")[0].split())
    assert usage.startswith(f"usage: main.py {command} [-h]") and words in usage
    assert "[--config FILE] [--bots-dir DIR]" in usage
    assert "--config FILE  " in out and "your settings file" in out


def test_arena_records_start_by_removing_what_a_run_killed_mid_write_left(capsys, tier_setup, tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    with subprocess.Popen([sys.executable, "-c", "pass"]) as gone:
        gone.wait()
    left = records / f".game-0001.txt.{gone.pid}.abcdefgh.tmp"
    left.write_text("# Board Arcade saved game\nGame: tic")
    assert main.main([*tier_setup, "arena", "tictactoe", "--a", "beginner", "--b", "expert", "--games", "1",
                      "--records", str(records)]) == 0
    assert not left.exists() and (records / "game-0001.txt").exists()
