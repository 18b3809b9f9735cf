"""Campaign files: one versioned, checksummed JSON file per campaign under the user data folder
(``engine.core.userdirs.campaigns_dir``), written atomically, checked on load. A damaged file gives
a one-line ``CampaignFileError`` and is never written over."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from engine.core.inputcheck import InputError, check
from engine.core.savefile import (
    EnvelopeKind,
    SaveError,
    read_envelope,
    write_envelope,
)
from engine.legendary.campaign.fileschema import (
    CAMPAIGN_FORMAT,
    CAMPAIGN_VERSION,
    CampaignBody,
    from_body,
    to_body,
)
from engine.legendary.campaign.model import Campaign

KIND = EnvelopeKind(CAMPAIGN_FORMAT, CAMPAIGN_VERSION, "campaign", "campaign",
                    "a Matrix Tabletop campaign")
SUFFIX = ".json"
MAX_CAMPAIGN_BYTES = 4 * 1024 * 1024


class CampaignFileError(SaveError):
    """A campaign file that cannot be loaded (or would be written over while damaged)."""

    WHAT = "Campaign file"


class CampaignFolderError(CampaignFileError):
    """A campaign folder that cannot be listed."""

    WHAT = "Campaign folder"


def read_campaign(path: Path) -> Campaign:
    """The campaign of a file; CampaignFileError with a one-line reason for any bad file. Never
    writes anything."""
    path = Path(path)
    try:
        body = read_envelope(path, KIND, max_bytes=MAX_CAMPAIGN_BYTES)
    except CampaignFileError:
        raise
    except SaveError as e:
        raise CampaignFileError(path, e.reason) from None
    try:
        return from_body(check(CampaignBody, body, "campaign"))
    except InputError as e:
        raise CampaignFileError(path, f"is damaged ({e})") from None


def write_campaign(path: Path, c: Campaign) -> None:
    """Write ``c`` to ``path`` atomically (the old file stays whole if the write fails). The body
    is checked first, so this app never writes a file it would refuse to read."""
    body = to_body(c)
    try:
        check(CampaignBody, body, "campaign")
    except InputError as e:
        raise ValueError(f"refusing to write a campaign its own reader would refuse ({e})") from None
    write_envelope(Path(path), KIND, body)


@dataclass(frozen=True)
class Listed:
    """One campaign file in a listing: its campaign, or why it cannot be read."""

    path: Path
    campaign: Campaign | None
    error: str = ""  # the sentence naming the file
    reason: str = ""  # what is wrong with it, after its name


class CampaignStore:
    """The campaign files of one folder: list, create, load and save them."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    def path(self, campaign_id: str) -> Path:
        return self.folder / f"{campaign_id}{SUFFIX}"

    def listing(self) -> list[Listed]:
        """Every campaign file, newest first by file time; a damaged file (or anything else named
        like one) is listed with its error and left as it is. No folder yet: no campaigns; a folder
        that cannot be read: CampaignFolderError."""
        try:
            entries = [e for e in os.scandir(self.folder)
                       if e.name.endswith(SUFFIX) and not e.name.startswith(".")]
        except FileNotFoundError:
            return []
        except OSError as e:
            raise CampaignFolderError(self.folder, _folder_problem(e)) from None
        entries.sort(key=lambda e: (-_mtime(e), e.name))
        out = []
        for e in entries:
            try:
                out.append(Listed(Path(e.path), self._read(Path(e.path))))
            except CampaignFileError as err:
                out.append(Listed(Path(e.path), None, str(err), err.reason))
        return out

    def _read(self, path: Path) -> Campaign:
        """``read_campaign``, and the file must be named by the campaign's id (the app finds a
        campaign, and its games name it, by that id)."""
        c = read_campaign(path)
        if path.name != f"{c.id}{SUFFIX}":
            raise CampaignFileError(path, f'holds the campaign "{c.id}": rename it to "{c.id}{SUFFIX}" to '
                                          "play it")
        return c

    def create(self, c: Campaign) -> Path:
        """Write a new campaign's file; CampaignFileError if a file of that id exists already."""
        path = self.path(c.id)
        if path.exists():
            raise CampaignFileError(path, "exists already: choose another campaign id")
        write_campaign(path, c)
        return path

    def find(self, ref: str | Path) -> Path:
        """The file of a campaign given by its id or by a path to its file."""
        as_path = Path(ref)
        if as_path.suffix == SUFFIX or os.sep in str(ref) or (os.altsep and os.altsep in str(ref)):
            return as_path
        return self.path(str(ref))

    def load(self, ref: str | Path) -> tuple[Path, Campaign]:
        """The path and campaign of an id or a file path (CampaignFileError for a bad file)."""
        path = self.find(ref)
        return path, self._read(path)

    def save(self, c: Campaign, path: Path | None = None) -> Path:
        """Write ``c`` back to ``path`` (default: its file in this folder), atomically. A file
        there that cannot be read is never written over (CampaignFileError)."""
        path = Path(path) if path is not None else self.path(c.id)
        if path.exists():
            read_campaign(path)  # raises for a damaged or newer file: keep it as it is
        write_campaign(path, c)
        return path


def _mtime(e: os.DirEntry) -> float:
    try:
        return e.stat().st_mtime
    except OSError:  # a broken link
        return 0.0


def _folder_problem(e: OSError) -> str:
    if isinstance(e, NotADirectoryError):
        return "is not a folder (it, or a folder on its path, is a file)"
    return f"cannot be read ({e.strerror or e})"
