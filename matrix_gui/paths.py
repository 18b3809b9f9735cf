"""Where the app keeps files on the user's machine (DESIGN §5), redirectable for tests."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from engine.core.userdirs import APP_NAME, HOME_ENV, app_dirs, campaigns_dir

__all__ = ["APP_NAME", "HOME_ENV", "AppPaths", "scratch_home"]


@dataclass(frozen=True)
class AppPaths:
    """The user data, config and cache folders of the app."""

    data: Path
    config: Path
    cache: Path

    @classmethod
    def default(cls, home: Path | str | None = None) -> AppPaths:
        """platformdirs folders, or sub-folders of ``home`` / $MATRIX_TABLETOP_HOME when given."""
        return cls(*app_dirs(home))

    @property
    def saves(self) -> Path:
        return self.data / "saves"

    @property
    def campaigns(self) -> Path:
        return campaigns_dir(self.data)

    @property
    def autosave(self) -> Path:
        return self.data / "autosave.json"

    @property
    def tutorial(self) -> Path:
        """The guided game's own folder (its autosave and the step reached): never the player's game."""
        return self.data / "tutorial"

    @property
    def settings_file(self) -> Path:
        return self.config / "settings.json"

    @property
    def faces(self) -> Path:
        return self.cache / "faces"


@contextmanager
def scratch_home(user: AppPaths, with_autosave: bool = False,
                 with_campaigns: bool = False) -> Iterator[AppPaths]:
    """Throw-away data and config folders for a run that is not a real game (``--screenshot``,
    ``--smoke``), so it never writes the user's autosave or settings; it starts from the default
    settings (the same picture on every machine) and, ``with_autosave``, a copy of the user's autosave
    (the files at the top of the data folder) and, ``with_campaigns``, a copy of the campaign
    files. The card-face cache is shared: it is a cache, not the
    user's data."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="matrix-tabletop-", ignore_cleanup_errors=True) as tmp:
        paths = AppPaths(Path(tmp) / "data", Path(tmp) / "config", user.cache)
        paths.data.mkdir(parents=True)
        if with_autosave:
            _copy_files(user.data, paths.data)  # unreadable: Continue then says there is nothing to continue
        if with_campaigns:
            paths.campaigns.mkdir(parents=True)
            _copy_files(user.campaigns, paths.campaigns)
        yield paths


def _copy_files(src: Path, dst: Path, max_bytes: int = 64 * 1024 * 1024) -> None:
    """Copy the regular files of the folder ``src`` (none bigger than ``max_bytes``) into ``dst``;
    anything else (a named pipe, a device, a giant) and anything unreadable is left out."""
    import shutil
    import stat

    try:
        entries = list(src.iterdir())
    except OSError:
        return
    for entry in entries:
        try:
            st = entry.stat()
            if stat.S_ISREG(st.st_mode) and st.st_size <= max_bytes:
                shutil.copyfile(entry, dst / entry.name)
        except OSError:
            continue
