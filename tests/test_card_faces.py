"""Card faces (matrix_gui.cardfaces) and app icons (tools/make_icons.py): Pillow only, no Qt."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from engine.legendary import schema
from engine.legendary.carddb import CardDB, load_db
from matrix_gui.cardfaces import (
    BACKS,
    FaceStore,
    Labels,
    Para,
    Run,
    card_size,
    face_spec,
    layout_rules,
    paint_face,
    text_box,
)
from matrix_gui.cardfaces import fonts as face_fonts
from matrix_gui.cardfaces.compact import COMPACT_BELOW, NAME_UNDER_FLOOR, READABLE_PX
from matrix_gui.cardfaces.paint import render_face
from matrix_gui.cardfaces.text import layout_text

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures" / "cards"

LONG_TEXT = " ".join(
    ["Reveal: each player in the Matrix draws a card, then discards a card. Range: +2 Attack."] * 12
    + ["Fight: raise the Time Track by 1 and heal a Strike of any player."] * 8
)


@pytest.fixture(scope="module")
def db() -> CardDB:
    return load_db([FIXTURES])


@pytest.fixture(scope="module")
def store(db: CardDB, tmp_path_factory: pytest.TempPathFactory) -> FaceStore:
    return FaceStore(db, tmp_path_factory.mktemp("faces"))


def _hero(**update: object) -> schema.HeroCard:
    data = {"id": "long_card", "kind": "hero", "name": "A Very Long Card Name That Needs Two Lines Here",
            "deck": "group:test_alpha", "group": "test_alpha", "classes": ["range", "tech"], "cost": 7,
            "recruit": 2, "attack": 3, "attack_plus": True, "keywords": ["coordinate"], "text": LONG_TEXT,
            "flavor": "Everything that has a beginning has an end."}
    data.update(update)
    return schema.HeroCard.model_validate(data)


def _db_with(db: CardDB, *cards: object) -> CardDB:
    merged = dict(db.cards)
    merged.update({c.id: c for c in cards})  # type: ignore[attr-defined]
    return db.with_cards(merged)


# --- purity ----------------------------------------------------------------------------------------


def test_cardfaces_package_imports_no_qt() -> None:
    code = ("import sys, matrix_gui.cardfaces, tools.make_icons; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr


# --- every card, every side, every back --------------------------------------------------------------


def test_every_card_renders_at_300_px_in_card_proportion(db: CardDB, store: FaceStore) -> None:
    assert len(db.cards) > 100
    want = card_size(300)
    assert want == (215, 300)  # 63 x 88 mm
    for card_id, card in db.cards.items():
        sides = ("front", "back") if card.kind == "avatar" else ("front",)
        for side in sides:
            path = store.face_path(card_id, 300, side)
            assert path.is_file() and path.parent == store.cache_dir
            with Image.open(path) as im:
                assert im.format == "PNG" and im.size == want, (card_id, side, im.size)
                assert im.mode == "RGBA"
                assert im.getpixel((0, 0))[3] == 0  # rounded, transparent corner
                assert im.getpixel((want[0] // 2, want[1] // 2))[3] == 255


def test_shipped_cards_render_without_the_fixtures(tmp_path: Path) -> None:
    shipped = load_db()
    store = FaceStore(shipped, tmp_path)
    for card_id in shipped.cards:
        assert store.face_path(card_id, 120).is_file()


def test_avatar_back_shows_its_other_side(db: CardDB, store: FaceStore) -> None:
    labels = Labels.from_db(db)
    neo = db.cards["test_avatar_neo"]
    assert face_spec(neo, "front", labels).title == "Test Neo"
    assert face_spec(neo, "back", labels).title == "Test Anderson"
    front, back = store.face_path(neo.id, 300), store.face_path(neo.id, 300, "back")
    assert front != back
    with Image.open(front) as a, Image.open(back) as b:
        assert a.tobytes() != b.tobytes()
    plain = db.cards["test_avatar_captain"]  # no back_name: its back is the Avatar card back
    assert face_spec(plain, "back", labels).layout == "back"


def test_all_backs_render(store: FaceStore) -> None:
    assert set(BACKS) == {"hero", "matrix", "strike", "hovercraft", "avatar", "act", "zion"}
    seen = set()
    for back in BACKS:
        path = store.back_path(back, 220)
        with Image.open(path) as im:
            assert im.size == card_size(220)
            seen.add(im.tobytes())
    assert len(seen) == len(BACKS)  # each back looks different
    with Image.open(store.back_path("matrix", 900)) as im:
        assert im.size == (644, 900)


def test_a_cards_back_side_is_its_card_back(store: FaceStore) -> None:
    assert store.back_of("unplug") == "hero"
    assert store.back_of("hovercraft_mjolnir") == "hovercraft"
    assert store.back_of("test_one_drill_agent") == "matrix"
    assert store.back_of("strike_bullet_graze") == "strike"
    assert store.back_of("test_act_one") == "act"
    assert store.face_path("unplug", 220, "back") == store.back_path("hero", 220)


def test_zoom_size_is_crisp_at_900(store: FaceStore) -> None:
    path = store.face_path("he_is_the_one_finale", 900)
    with Image.open(path) as im:
        assert im.size == (644, 900)
    spec = face_spec(store.db.cards["he_is_the_one_finale"], "front", store.labels)
    lay = layout_rules(spec, 900)
    assert lay.fits and not lay.truncated
    assert lay.size >= 14  # long Act text still shrinks to a readable size at zoom


def test_bad_arguments(store: FaceStore) -> None:
    with pytest.raises(KeyError):
        store.face_path("no_such_card", 300)
    with pytest.raises(ValueError):
        store.face_path("unplug", 300, side="sideways")
    with pytest.raises(ValueError):
        store.back_path("no_such_back", 300)


# --- cache -------------------------------------------------------------------------------------------


def test_second_call_is_a_cache_hit(db: CardDB, tmp_path: Path) -> None:
    store = FaceStore(db, tmp_path)
    first = store.face_path("hovercraft_mjolnir", 300)
    mtime = first.stat().st_mtime_ns
    assert store.stats.renders == 1
    assert store.face_path("hovercraft_mjolnir", 300) == first
    assert store.stats.renders == 1 and store.stats.hits == 1
    assert first.stat().st_mtime_ns == mtime
    again = FaceStore(db, tmp_path)  # the cache survives a restart
    assert again.face_path("hovercraft_mjolnir", 300) == first
    assert again.stats.renders == 0
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".face-")]  # no temp files left


def test_cache_key_follows_card_data_size_and_side(db: CardDB, tmp_path: Path) -> None:
    store = FaceStore(db, tmp_path)
    base = store.face_path("test_avatar_neo", 300)
    assert store.face_path("test_avatar_neo", 301) != base
    assert store.face_path("test_avatar_neo", 300, "back") != base
    changed = db.cards["test_avatar_neo"].model_copy(update={"health": 9})
    other = FaceStore(_db_with(db, changed), tmp_path)
    assert other.face_path("test_avatar_neo", 300) != base


def test_rendering_is_deterministic(db: CardDB, tmp_path: Path) -> None:
    a = FaceStore(db, tmp_path / "a").face_path("test_one_drill_agent", 250)
    b = FaceStore(db, tmp_path / "b").face_path("test_one_drill_agent", 250)
    with Image.open(a) as ia, Image.open(b) as ib:
        assert ia.tobytes() == ib.tobytes()


# --- scans -------------------------------------------------------------------------------------------


def test_scans_override_faces_and_backs(db: CardDB, tmp_path: Path) -> None:
    scans = tmp_path / "scans"
    scans.mkdir()
    Image.new("RGB", (630, 880), (10, 20, 200)).save(scans / "unplug.png")
    Image.new("RGB", (700, 1000), (200, 20, 10)).save(scans / "test_avatar_neo_back.jpg", quality=95)
    Image.new("RGB", (630, 880), (20, 200, 20)).save(scans / "back_matrix.png")
    store = FaceStore(db, tmp_path / "cache", scans_dir=scans)
    path = store.face_path("unplug", 300)
    with Image.open(path) as im:
        assert im.size == (215, 300)
        assert im.convert("RGB").getpixel((100, 150)) == (10, 20, 200)
    with Image.open(store.face_path("test_avatar_neo", 300, "back")) as im:
        r, g, b = im.convert("RGB").getpixel((100, 150))
        assert r > 180 and g < 50 and b < 50
    with Image.open(store.back_path("matrix", 200)) as im:
        assert im.convert("RGB").getpixel((70, 100)) == (20, 200, 20)
    assert store.stats.scans == 3 and store.stats.renders == 0
    store.face_path("unplug", 300)
    assert store.stats.scans == 3  # the resized copy is cached too
    assert store.face_path("test_avatar_neo", 300) != store.face_path("test_avatar_neo", 300, "back")


def test_a_broken_scan_falls_back_to_the_generated_face(db: CardDB, tmp_path: Path) -> None:
    scans = tmp_path / "scans"
    scans.mkdir()
    (scans / "unplug.png").write_bytes(b"\x89PNG\r\n\x1a\n not really a png")
    (scans / "there_is_no_spoon.jpg").write_bytes(b"")
    store = FaceStore(db, tmp_path / "cache", scans_dir=scans)
    generated = FaceStore(db, tmp_path / "plain").face_path("unplug", 300)
    path = store.face_path("unplug", 300)
    assert "scan" not in path.name and store.stats.renders == 1 and store.stats.scans == 0
    with Image.open(path) as a, Image.open(generated) as b:
        assert a.tobytes() == b.tobytes()
    assert store.face_path("there_is_no_spoon", 300).is_file()


# --- text layout -------------------------------------------------------------------------------------


@pytest.mark.parametrize("height", [220, 300, 900])
def test_long_rules_text_stays_inside_its_box(height: int) -> None:
    spec = face_spec(_hero(), "front", Labels())
    lay = layout_rules(spec, height)
    box = text_box(spec.layout, height)
    assert lay.box == box
    assert lay.fits
    left, top, right, bottom = lay.bbox
    assert box[0] <= left and box[1] <= top and right <= box[2] and bottom <= box[3]
    img = paint_face(spec, height)
    assert img.size == card_size(height)


def test_text_shrinks_to_fit_and_never_overflows() -> None:
    box = (0, 0, 200, 120)
    short = layout_text([Para([Run("Draw a card.")])], box, max_size=20, min_size=6)
    assert short.size == 20 and short.fits and not short.truncated
    longer = layout_text([Para([Run("Draw a card. " * 20)])], box, max_size=20, min_size=6)
    assert longer.size < 20 and longer.fits and not longer.truncated
    huge = layout_text([Para([Run("Draw a card. " * 400)])], box, max_size=20, min_size=6)
    assert huge.size == 6 and huge.truncated and huge.fits
    assert huge.pieces[-1].text.endswith("\u2026")
    word = layout_text([Para([Run("Supercalifragilistic" * 5)])], (0, 0, 60, 200), max_size=12, min_size=12)
    assert word.fits


def test_keywords_and_class_labels_are_bold() -> None:
    spec = face_spec(_hero(text="Coordinate. Range: +2 Attack."), "front", Labels())
    runs = [r for p in spec.paras for r in p.runs]
    bold = {r.text.strip() for r in runs if r.style == "bold"}
    assert {"Coordinate", "Range:"} <= bold
    assert any(r.style == "italic" for r in runs)  # the flavour line
    assert [r.color for r in runs if r.text.strip() == "Range:"][0] is not None  # class colour


def test_enemy_face_shows_attack_keywords_and_costs(db: CardDB) -> None:
    labels = Labels.from_db(db)
    spec = face_spec(db.cards["agent_on_the_rooftop"], "front", labels)
    assert spec.stats[0].value == "8" and spec.stats[0].label == "ATTACK"
    assert "BUY TIME 5" in spec.chips
    bold = {r.text.strip(" .") for p in spec.paras for r in p.runs if r.style == "bold"}
    assert {"Wild Swing", "Buy Time 5", "Fight:"} <= bold
    icon = face_spec(db.cards["rules_rf_sentinel_icon"], "front", labels)
    assert icon.stats[0].label == "CAN'T FIGHT"  # LE-FIGHT-08: an icon instead of an Attack
    evade = face_spec(db.cards["test_one_drill_program"], "front", labels)
    assert "EVADE 2" in evade.chips


def test_hero_group_and_deck_labels(db: CardDB) -> None:
    labels = Labels.from_db(db)
    alpha = face_spec(db.cards["test_alpha_lots_of_drills"], "front", labels)
    assert alpha.subtitle == "Test Alpha"  # LE-CARD-12
    assert alpha.footer_left == "Test Alpha"  # LE-SETUP-28
    assert alpha.corner is not None and alpha.corner.value == "5"
    assert [s.value for s in alpha.stats] == ["2+"]
    extra = face_spec(db.cards["test_extra_stand_in"], "front", labels)
    assert extra.footer_left == "Extra"
    assert face_spec(db.cards["test_one_drill_agent"], "front", labels).footer_left == "Test Act One"
    assert face_spec(db.cards["strike_bullet_graze"], "front", labels).stats[0].label == "DAMAGE"
    act = face_spec(db.cards["test_act_one"], "front", labels)
    texts = " ".join(r.text for p in act.paras for r in p.runs)
    assert "Find the Drill Agent" in texts and "Defeat the Drill Agent." in texts
    neo = face_spec(db.cards["test_avatar_neo"], "front", labels)
    assert neo.stat_boxes == [("RANK", "1"), ("SPEED", "3"), ("HEALTH", "7")]
    assert "Draw a card." in " ".join(r.text for p in neo.paras for r in p.runs)


def test_missing_fonts_fall_back_to_pillows_default(db: CardDB, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def clear() -> None:
        face_fonts.font_file.cache_clear()
        face_fonts.get_font.cache_clear()
        face_fonts._WIDTHS.clear()

    clear()
    monkeypatch.setattr(face_fonts, "_candidates", lambda role: [tmp_path / "missing.ttf"])
    try:
        assert face_fonts.font_file("bold") is None
        assert "default" in face_fonts.font_signature()
        store = FaceStore(db, tmp_path)
        with Image.open(store.face_path("agent_on_the_rooftop", 300)) as im:
            assert im.size == (215, 300)
    finally:
        monkeypatch.undo()
        clear()
    assert face_fonts.font_file("bold") is not None


def test_shipped_fonts_carry_their_licence() -> None:
    fonts_dir = REPO / "assets" / "fonts"
    ttfs = sorted(p.name for p in fonts_dir.glob("*.ttf"))
    assert ttfs and all(n.startswith("DejaVu") for n in ttfs)
    licence = (fonts_dir / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in licence and "Permission is hereby granted" in licence
    for name in ttfs:
        assert name in licence
    assert face_fonts.font_file("body") == fonts_dir / "DejaVuSansCondensed.ttf"


# --- icons -------------------------------------------------------------------------------------------


def test_make_icons_writes_png_ico_icns_and_desktop_entry(tmp_path: Path) -> None:
    from tools import make_icons

    written = make_icons.write_icons(tmp_path / "icons", tmp_path / "matrix-tabletop.desktop")
    assert [p.name for p in written] == ["app.png", "app.ico", "app.icns", "matrix-tabletop.desktop"]
    with Image.open(tmp_path / "icons" / "app.png") as im:
        assert im.size == (512, 512) and im.mode == "RGBA"
    with Image.open(tmp_path / "icons" / "app.ico") as im:
        assert {(s, s) for s in make_icons.ICO_SIZES} <= set(im.info["sizes"])
        assert {16, 32, 48, 256} <= {s for s, _ in im.info["sizes"]}
    with Image.open(tmp_path / "icons" / "app.icns") as im:
        sizes = {(w * scale) for w, _, scale in im.info["sizes"]}
        assert {32, 64, 128, 256, 512, 1024} <= sizes
    entry = (tmp_path / "matrix-tabletop.desktop").read_text(encoding="utf-8").splitlines()
    assert entry[0] == "[Desktop Entry]"
    for line in ("Name=Matrix Tabletop", "Exec=matrix-tabletop", "Icon=matrix-tabletop",
                 "Categories=Game;CardGame;", "Type=Application"):
        assert line in entry


def test_committed_icons_are_present() -> None:
    icons = REPO / "assets" / "icons"
    with Image.open(icons / "app.png") as im:
        assert im.size == (512, 512)
    with Image.open(icons / "app.ico") as im:
        assert (256, 256) in im.info["sizes"] and (16, 16) in im.info["sizes"]
    assert (icons / "app.icns").stat().st_size > 0
    desktop = (REPO / "packaging" / "matrix-tabletop.desktop").read_text(encoding="utf-8")
    assert "Icon=matrix-tabletop" in desktop
    assert os.access(REPO / "tools" / "make_icons.py", os.R_OK)


# --- table-size faces (compact.py) -------------------------------------------------------------------

# Face heights the table asks for at 1280x800 (cards 94 px: bucket 96) and 1600x1000 (118 px: 120).
TABLE_HEIGHTS = (96, 104, 120, 176, 224)


def test_small_faces_use_the_table_layout_and_large_ones_the_full_face(db: CardDB) -> None:
    spec = face_spec(db.cards["agent_on_the_rooftop"], "front", Labels.from_db(db))
    _, small = render_face(spec, COMPACT_BELOW - 1)
    _, large = render_face(spec, COMPACT_BELOW)
    assert small["name"] and small["chip"] and small["number"]
    assert large == {}  # the full face with its rules text


def test_table_faces_show_keywords_as_chips_with_their_costs(db: CardDB) -> None:
    labels = Labels.from_db(db)
    assert face_spec(db.cards["agent_on_the_rooftop"], "front", labels).tags == ["Wild Swing", "Buy Time 5"]
    assert face_spec(db.cards["test_one_drill_program"], "front", labels).tags[:1] == ["Evade 2"]
    hero = face_spec(_hero(sacrifice=[{"verb": "draw", "amount": 1}]), "front", Labels())
    assert hero.tags == ["Coordinate", "Sacrifice"]


@pytest.mark.parametrize("height", TABLE_HEIGHTS)
def test_every_shipped_card_is_readable_at_table_size(height: int) -> None:
    """Keyword chips and numbers are never drawn under READABLE_PX at the table's sizes, a name only
    down to NAME_UNDER_FLOOR px under it, where its longest word would not fit otherwise (issue 23: a
    word is never broken); from 104 px up every chip fits and no name is cut (at 96 px two crowded
    Agents lose one chip and the 51-letter Challenge name ends in an ellipsis: the inspector shows
    them)."""
    shipped = load_db()
    labels = Labels.from_db(shipped)
    crowded = []
    for card in shipped.cards.values():
        sides = ("front", "back") if card.kind == "avatar" and card.back_name else ("front",)
        for side in sides:
            img, used = render_face(face_spec(card, side, labels), height)
            assert img.size == card_size(height)
            sizes = [used[k] for k in ("chip", "number") if used.get(k)]
            assert used["name"] and min(sizes, default=READABLE_PX) >= READABLE_PX, (card.id, used)
            assert used["name"] >= READABLE_PX - NAME_UNDER_FLOOR, (card.id, used)
            if used.get("dropped") or used.get("cut"):
                crowded.append(card.id)
    assert len(crowded) <= (3 if height < 104 else 0), crowded
