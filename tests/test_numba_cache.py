"""Numba's disk cache is kept per version of the kernels' sources (bots/lib/__init__.py)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numba

import bots.lib as lib

ROOT = Path(__file__).resolve().parent.parent


def test_the_cache_folder_is_named_by_the_sources_and_changes_with_any_of_them(tmp_path, monkeypatch):
    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / "b.py").write_text("y = 2\n")
    monkeypatch.setattr(lib, "_HERE", tmp_path)
    monkeypatch.setattr(numba.config, "CACHE_DIR", numba.config.CACHE_DIR)   # restored after the test
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    lib.use_cache_folder()
    before = Path(os.environ["NUMBA_CACHE_DIR"])
    (tmp_path / "b.py").write_text("y = 3\n")
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    lib.use_cache_folder()
    after = Path(os.environ["NUMBA_CACHE_DIR"])
    assert before.parent == after.parent == tmp_path / "__pycache__" and after != before


def test_a_new_version_of_the_sources_removes_the_old_cache_and_a_users_own_setting_is_kept(tmp_path, monkeypatch):
    (tmp_path / "a.py").write_text("x = 1\n")
    old = tmp_path / "__pycache__" / "numba-0000000000000000"
    old.mkdir(parents=True)
    monkeypatch.setattr(lib, "_HERE", tmp_path)
    monkeypatch.setattr(numba.config, "CACHE_DIR", numba.config.CACHE_DIR)   # restored after the test
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    lib.use_cache_folder()
    assert os.environ["NUMBA_CACHE_DIR"] == str(tmp_path / "__pycache__" / f"numba-{lib.sources_digest()}")
    assert not old.exists()
    monkeypatch.setenv("NUMBA_CACHE_DIR", "/somewhere/of/my/own")
    lib.use_cache_folder()
    assert os.environ["NUMBA_CACHE_DIR"] == "/somewhere/of/my/own"


def test_a_bot_process_compiles_into_the_folder_of_its_sources():
    code = ("import os, bots.lib, numba; print(os.environ['NUMBA_CACHE_DIR']); print(numba.config.CACHE_DIR)")
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    first, second = out.stdout.split()
    assert first == second and Path(first).name == f"numba-{lib.sources_digest()}"
