"""The user folders the app and the command line share (DESIGN §5)."""
from __future__ import annotations

from pathlib import Path

from engine.core.userdirs import HOME_ENV, app_dirs, campaigns_dir


def test_one_home_folder_holds_data_config_and_cache(tmp_path, monkeypatch):
    monkeypatch.delenv(HOME_ENV, raising=False)
    assert app_dirs(tmp_path) == (tmp_path / "data", tmp_path / "config", tmp_path / "cache")
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "env"))
    assert app_dirs()[0] == tmp_path / "env" / "data"
    assert campaigns_dir(app_dirs()[0]) == tmp_path / "env" / "data" / "campaigns"


def test_without_a_home_folder_the_platform_folders_are_used(monkeypatch):
    monkeypatch.delenv(HOME_ENV, raising=False)
    data, config, cache = app_dirs()
    assert all(isinstance(p, Path) and p.is_absolute() for p in (data, config, cache))
    assert "matrix-tabletop" in str(data) and data != config
