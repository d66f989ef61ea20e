"""Packaging: pyproject.toml declares what requirements*.txt list, and ``pip install .``
gives a ``board-arcade`` command that finds its own config.yaml, assets and bots
wherever it is run from.

The install goes into a fresh virtual environment, offline: the project is built
with the build backend of the environment running the tests (requirements-dev.txt
has it) and its dependencies are that environment's, put on the new one's path
after its own site-packages. The command then runs from an empty folder, with the
copy it was built from deleted and the checkout on no path.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from game.match.config import load_config
from game.rules.catalogue import game_class, game_ids

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
#: What a copy of the checkout leaves out: version control, environments, build and cache output.
NOT_SOURCES = (".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
               ".hypothesis", "*.nbi", "*.nbc")


def requirement_key(requirement: Requirement) -> tuple[str, str, tuple[str, ...]]:
    """A requirement as it compares: normalised name, specifiers in order, extras."""
    return canonicalize_name(requirement.name), str(requirement.specifier), tuple(sorted(requirement.extras))


def keys(requirements) -> set[tuple[str, str, tuple[str, ...]]]:
    return {requirement_key(Requirement(r) if isinstance(r, str) else r) for r in requirements}


def listed_in(path: Path) -> tuple[set, list[str]]:
    """The requirements a requirements file lists itself, and its option lines (``-r file``)."""
    lines = [line.split("#", 1)[0].strip() for line in path.read_text().splitlines()]
    return keys(line for line in lines if line and not line.startswith("-")), [
        line for line in lines if line.startswith("-")]


def test_pyproject_declares_what_requirements_txt_lists():
    requirements, options = listed_in(ROOT / "requirements.txt")
    assert keys(PYPROJECT["project"]["dependencies"]) == requirements
    assert options == []


def test_pyproject_dev_extra_is_what_requirements_dev_txt_adds():
    requirements, options = listed_in(ROOT / "requirements-dev.txt")
    assert keys(PYPROJECT["project"]["optional-dependencies"]["dev"]) == requirements
    assert options == ["-r requirements.txt"]


def test_the_test_requirements_can_build_the_project_offline():
    assert keys(PYPROJECT["build-system"]["requires"]) <= keys(PYPROJECT["project"]["optional-dependencies"]["dev"])


# -- the installed program --------------------------------------------------------
@dataclass(frozen=True)
class Installed:
    venv: Path
    python: Path
    site_packages: Path
    workdir: Path
    env: dict[str, str]

    def run(self, program: Path, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(program), *args], cwd=self.workdir, env=self.env, capture_output=True,
                              text=True, timeout=240)

    def command(self, *args: str) -> subprocess.CompletedProcess:
        return self.run(self.python.parent / "board-arcade", *args)

    def python_json(self, code: str, imports: str = "board_arcade"):
        """``code``'s value, printed as JSON by the installation's Python after ``imports``
        (the installed package puts its game and bots on the path)."""
        done = self.run(self.python, "-c", f"import json, {imports}; print(json.dumps({code}))")
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)


def check_build_backend() -> None:
    """Fail with what to install if this environment cannot build the project."""
    for text in PYPROJECT["build-system"]["requires"]:
        requirement = Requirement(text)
        try:
            version = metadata.version(requirement.name)
        except metadata.PackageNotFoundError:
            version = None
        if version is None or not requirement.specifier.contains(version, prereleases=True):
            pytest.fail(f"building the project needs {requirement} in the test environment, found "
                        f"{version or 'none'}: pip install -r requirements-dev.txt")


def inside(path: str | Path, folder: Path) -> bool:
    return Path(path).resolve().is_relative_to(folder.resolve())


def checkout_folder(path: str | Path) -> bool:
    """Whether ``path`` would import the checkout's own code: the checkout or a folder of its
    sources (its tests), not a virtual environment made inside it."""
    return Path(path).resolve() == ROOT.resolve() or inside(path, ROOT / "tests")


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    check_build_backend()
    base = tmp_path_factory.mktemp("packaging")
    source = base / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*NOT_SOURCES))
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP")}
    workdir = base / "elsewhere"
    workdir.mkdir()
    bare = Installed(venv, python, venv, workdir, env)
    own = bare.python_json("{'site': __import__('sysconfig').get_path('purelib'), 'path': __import__('sys').path}",
                           imports="sys")
    site_packages = Path(own["site"])
    # This environment's packages (the dependencies, pip, the build backend), after the venv's own; not the
    # checkout's own folders (a virtual environment inside the checkout, as the README makes, is kept).
    outer = [p for p in sys.path if p and p not in own["path"] and Path(p).is_dir() and not checkout_folder(p)]
    (site_packages / "test-environment.pth").write_text("\n".join(outer) + "\n")
    done = subprocess.run([str(python), "-m", "pip", "install", "--isolated", "--no-index", "--no-deps",
                           "--no-build-isolation", "--disable-pip-version-check", "-q", str(source)],
                          cwd=workdir, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    shutil.rmtree(source)
    return Installed(venv, python, site_packages, workdir, env)


def test_installed_command_lists_the_bots_and_each_games_tiers(installed, shipped_registry):
    done = installed.command("bots")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert f"Bots in {installed.site_packages.resolve() / 'board_arcade' / 'bots'}:" in out
    listed = set(re.findall(r"^  (\w+) \(.*\) plays ", out, re.M))
    assert listed == set(shipped_registry.bots)
    config = load_config(ROOT / "config.yaml")
    for game_id in game_ids():
        assert f"{game_class(game_id).title} ({game_id}): time budget" in out
        for tier in config.game(game_id).tiers:
            assert re.search(rf"^  {re.escape(tier.name)} +{tier.bot}\b", out, re.M), (game_id, tier.name)
    assert "Problems in" not in out and "failed to load" not in out


def test_installed_program_reads_its_own_files_not_the_checkouts(installed):
    found = installed.python_json(
        "{name: str(getattr(__import__('game.paths').paths, name)) for name in "
        "('BOTS_DIR', 'CONFIG_PATH', 'ASSETS_DIR')} | {'game': __import__('game').__file__}")
    for name, path in found.items():
        assert inside(path, installed.venv), (name, path)
    assert Path(found["CONFIG_PATH"]).read_bytes() == (ROOT / "config.yaml").read_bytes()
    # Hidden files are not assets: the JSON store's lock files (.ladder.json.lock, after arena --ladder-file).
    assets = [p for p in (ROOT / "assets").rglob("*")
              if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith(".")]
    for asset in assets:
        shipped = Path(found["ASSETS_DIR"]) / asset.relative_to(ROOT / "assets")
        assert shipped.is_file() and shipped.read_bytes() == asset.read_bytes(), shipped
    for package in ("game", "bots"):
        for module in (ROOT / package).rglob("*.py"):
            assert (installed.site_packages / "board_arcade" / module.relative_to(ROOT)).is_file(), module


def test_installed_under_one_name_of_ours_not_game_and_bots(installed):
    """site-packages holds board_arcade alone: another program's ``game`` or ``bots`` is not overwritten,
    and ``import game`` outside Board Arcade does not find ours."""
    assert (installed.site_packages / "board_arcade" / "game" / "paths.py").is_file()
    for name in ("game", "bots"):
        assert not (installed.site_packages / name).exists(), name
    done = installed.run(installed.python, "-c", "import game")
    assert done.returncode != 0 and "No module named 'game'" in done.stderr
    assert installed.python_json("__import__('game').__file__").startswith(
        str(installed.site_packages / "board_arcade" / "game"))


def test_pyproject_lists_every_package_of_game_and_bots():
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    found = {"board_arcade"} | {"board_arcade." + ".".join(init.parent.relative_to(ROOT).parts)
                                for package in ("game", "bots") for init in (ROOT / package).rglob("__init__.py")}
    assert listed == found


def test_installed_metadata_declares_the_requirements_files(installed):
    declared = [Requirement(r) for r in installed.python_json(
        "__import__('importlib.metadata').metadata.requires('board-arcade')")]
    assert keys(r for r in declared if r.marker is None) == listed_in(ROOT / "requirements.txt")[0]
    dev = [r for r in declared if r.marker is not None and r.marker.evaluate({"extra": "dev"})]
    assert keys(dev) == listed_in(ROOT / "requirements-dev.txt")[0]


def test_installed_command_runs_bots_in_worker_processes(installed):
    done = installed.command("arena", "tictactoe", "--a", "easy", "--b", "medium", "--games", "2", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "Tic-tac-toe: 2 games" in done.stdout
    assert re.search(r"^A +Easy \(TicTacToeEasy\) .* 0$", done.stdout, re.M), done.stdout


def test_installed_command_names_itself_in_errors(installed):
    done = installed.command("arena", "chess", "--a", "easy", "--b", "easy")
    assert done.returncode == 2
    assert done.stderr.startswith("board-arcade: error: unknown game 'chess'"), done.stderr


# -- the desktop's launcher ----------------------------------------------------------------
def test_install_desktop_entry_writes_the_launcher_and_icon_into_xdg_data_home(monkeypatch, tmp_path, capsys):
    import configparser

    import main
    from game.cli.desktop import APP_ID

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    assert main.main(["--install-desktop-entry"]) == 0
    entry = tmp_path / "share" / "applications" / "board-arcade.desktop"
    parsed = configparser.ConfigParser(interpolation=None, strict=True)
    parsed.optionxform = str
    parsed.read_string(entry.read_text(encoding="utf-8"))
    desktop = parsed["Desktop Entry"]
    assert (desktop["Type"], desktop["Name"], desktop["Icon"], desktop["Terminal"]) == (
        "Application", "Board Arcade", APP_ID, "false")
    assert desktop["StartupWMClass"] == "board-arcade" and "Game;" in desktop["Categories"]
    assert desktop["Exec"].split() == [sys.executable, str(ROOT / "main.py")]   # a checkout: its main.py
    icons = tmp_path / "share" / "icons" / "hicolor"
    for size, suffix in (("scalable", "svg"), ("256x256", "png")):
        shipped = ROOT / "assets" / "icons" / f"board-arcade.{suffix}"
        assert (icons / size / "apps" / f"board-arcade.{suffix}").read_bytes() == shipped.read_bytes()
    assert str(entry) in capsys.readouterr().out
    assert main.main(["--install-desktop-entry"]) == 0          # again: the same files over the old ones


def test_desktop_entry_quotes_what_its_exec_line_must():
    from game.cli.desktop import exec_word

    assert exec_word("/usr/bin/python3") == "/usr/bin/python3"
    assert exec_word("/home/a b/main.py") == '"/home/a b/main.py"'
    assert exec_word('/x/"q"$HOME') == '"/x/\\\\"q\\\\"\\\\$HOME"'
    assert exec_word("/x/100%") == "/x/100%%"


def test_installed_command_installs_a_launcher_that_runs_it(installed, tmp_path):
    env = dict(installed.env, XDG_DATA_HOME=str(tmp_path / "share"))
    done = subprocess.run([str(installed.python.parent / "board-arcade"), "--install-desktop-entry"],
                          cwd=installed.workdir, env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    entry = (tmp_path / "share" / "applications" / "board-arcade.desktop").read_text(encoding="utf-8")
    assert f"\nExec={installed.python.parent / 'board-arcade'}\n" in entry
    assert (tmp_path / "share" / "icons" / "hicolor" / "256x256" / "apps" / "board-arcade.png").is_file()
    assert (installed.python.parent / "board-arcade-window").is_file()      # the gui-scripts entry point


def _fake_installation(site: Path, record_path: str, data: Path) -> None:
    """A board-arcade distribution in ``site`` whose file list names its config.yaml as
    ``record_path`` (relative to ``site``), the file itself put at ``data``."""
    info = site / "board_arcade-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: board-arcade\nVersion: 0.1.0\n")
    (info / "RECORD").write_text(f"{record_path},,\nboard_arcade/__init__.py,,\n")
    data.parent.mkdir(parents=True, exist_ok=True)
    data.write_text("games: {}\n")


def test_installed_data_dir_is_found_after_pip_install_target(tmp_path):
    """``pip install --target DIR`` writes the data files' paths as for a prefix's site-packages
    (``../../share/...``) but puts them in ``DIR/share``: the program still finds its config.yaml."""
    from game.paths import installed_data_dir

    site = tmp_path / "target"
    _fake_installation(site, "../../share/board-arcade/config.yaml", site / "share" / "board-arcade" / "config.yaml")
    assert installed_data_dir(site) == (site / "share" / "board-arcade").resolve()


def test_installed_data_dir_of_a_prefix_follows_the_file_list(tmp_path):
    from game.paths import installed_data_dir

    site = tmp_path / "prefix" / "lib" / "python3.11" / "site-packages"
    share = tmp_path / "prefix" / "share" / "board-arcade"
    _fake_installation(site, "../../../share/board-arcade/config.yaml", share / "config.yaml")
    assert installed_data_dir(site) == share.resolve()
