"""Where the app keeps the user's files (DESIGN §5): the platformdirs folders, or sub-folders of one
home folder given by $MATRIX_TABLETOP_HOME (tests, portable use). Shared by the app and the command
line, so both find the same saves and campaigns."""
from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "matrix-tabletop"
HOME_ENV = "MATRIX_TABLETOP_HOME"  # one folder for everything (tests, portable use)


def app_dirs(home: Path | str | None = None) -> tuple[Path, Path, Path]:
    """The user data, config and cache folders: under ``home`` / $MATRIX_TABLETOP_HOME when given,
    else the platformdirs folders of the app."""
    home = home or os.environ.get(HOME_ENV)
    if home:
        root = Path(home)
        return root / "data", root / "config", root / "cache"
    import platformdirs  # lazily: the app imports this module before its first frame

    return (Path(platformdirs.user_data_dir(APP_NAME, False)),
            Path(platformdirs.user_config_dir(APP_NAME, False)),
            Path(platformdirs.user_cache_dir(APP_NAME, False)))


def campaigns_dir(data: Path) -> Path:
    """The folder of the campaign files under the user data folder ``data``."""
    return Path(data) / "campaigns"
