"""Qt's ICU data cut down to what Qt asks ICU for (Linux bundles).

PySide6's QtCore links ICU, whose data library ``libicudata.so.NN`` (32 MB, the biggest file of the
bundle) is one ICU common data package in a single symbol, ``icudtNN_dat``: a header, a table of
contents sorted by name, and ~3,900 items (the data of ~800 locales, collation, break rules and
dictionaries, code page converters, transliterators ...). Qt 6 calls few ICU functions (QtCore is the
only Qt library that links ICU): collation (``ucol_*``, ``QCollator``: the Qt file dialog sorts file
names with it, in the user's language), time zone names (``ucal_*``), code page converters
(``ucnv_*``, for encodings other than UTF-8/16/32 and Latin-1, which the app never asks for) and
case mapping (``u_strToUpper``/``u_strToLower``, whose data is built into ICU's code). Text layout,
line breaking and regular expressions are Qt's own.

:func:`slim_library` reads the package out of the shipped library, keeps the items :func:`keep_item`
accepts and links a library of the same soname and symbol around them with the C compiler. ICU
answers a request for an item that is not there as a missing resource and falls back to the root
locale, as an ICU built with a data filter does. :func:`slim_binaries` (the spec's step) first checks
that the bundle calls no ICU function outside :data:`ICU_CALLS_SERVED`; when one does, the data stays
whole and the build log says which.
"""
from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

DATA_LIBRARY = re.compile(r"^libicudata\.so\.(\d+)$")
# The ICU functions (name prefixes) whose data keep_item keeps.
ICU_CALLS_SERVED = ("ucol_", "ucal_", "ucnv_", "UCNV_", "u_strToUpper", "u_strToLower")
# The locales whose data stays in the trees kept per locale (with their variants: en_GB, en_001 ...).
KEPT_LOCALES = frozenset({"root", "en"})
KEPT_TREES = frozenset({"coll"})  # whole: collation follows the user's language, whatever the app's is
LOCALE_TREES = frozenset({"", "zone"})  # the top tree (calendars, number symbols) and time zone names
KEPT_FILES = frozenset({"cnvalias.icu"})  # converter names (ucnv_*); the converters themselves go
_LOCALE = re.compile(r"^(?:root|[a-z]{2,3}(?:_[A-Za-z0-9]+)*)$")  # "zoneinfo64", "plurals" ... are not
_SHARED = frozenset({"res_index", "pool"})  # a tree's list of locales and its shared keys


def keep_item(name: str) -> bool:
    """Whether an item of the package stays; ``name`` is its path inside the package, without the
    package's own prefix: ``coll/sv.res``, ``zone/de.res``, ``ibm-943_P15A-2003.cnv``."""
    tree, _, file = name.rpartition("/")
    stem, _, kind = file.rpartition(".")
    if tree in KEPT_TREES:
        return True
    if tree not in LOCALE_TREES:
        return False  # break iterators, transliterators, names of currencies, languages, regions, units ...
    if kind != "res":
        return name in KEPT_FILES  # not code page converters, normalization or character names
    if stem in _SHARED or not _LOCALE.match(stem):
        return True  # calendars, plural rules, time zone rules ...
    return stem.split("_")[0] in KEPT_LOCALES


# --- the common data package (ICU's ucmndata.h: header, then a table of contents) ---------------

_ALIGN = 16


@dataclass(frozen=True)
class DataPackage:
    """One ICU common data package ("CmnD"): its header as it is, the prefix of its item names
    (``icudt73l/``) and its items by name (without the prefix), in name order."""

    header: bytes
    prefix: str
    items: dict[str, bytes]

    def filtered(self, keep: Callable[[str], bool] = keep_item) -> DataPackage:
        """The package with only the items ``keep`` accepts."""
        return DataPackage(self.header, self.prefix, {k: v for k, v in self.items.items() if keep(k)})


def read_package(blob: bytes) -> DataPackage:
    """Parse a little-endian common data package (ValueError when ``blob`` is not one)."""
    if len(blob) < 32 or blob[2:4] != b"\xda\x27" or blob[12:16] != b"CmnD" or blob[16] != 1:
        raise ValueError("not an ICU common data package (format CmnD 1)")
    if blob[8] != 0:
        raise ValueError("a big-endian ICU data package")
    header_size = struct.unpack_from("<H", blob, 0)[0]
    toc = blob[header_size:]
    (count,) = struct.unpack_from("<I", toc, 0)
    entries = [struct.unpack_from("<II", toc, 4 + 8 * i) for i in range(count)]
    names = [toc[n:toc.index(b"\0", n)].decode("ascii") for n, _ in entries]
    prefix = names[0].split("/", 1)[0] + "/" if names else ""
    if any(not n.startswith(prefix) for n in names):
        raise ValueError("items of more than one package")
    ends = [d for _, d in entries[1:]] + [len(toc)]
    items = {name[len(prefix):]: toc[d:end] for name, (_, d), end in zip(names, entries, ends, strict=True)}
    return DataPackage(blob[:header_size], prefix, items)


def _pad(n: int) -> int:
    return -n % _ALIGN


def write_package(package: DataPackage) -> bytes:
    """The bytes of ``package``: its header, the table of contents, the names, then each item
    16-byte aligned (in the same name order, which ICU's binary search needs)."""
    names = sorted(package.items, key=lambda n: (package.prefix + n).encode("ascii"))
    encoded = [(package.prefix + n).encode("ascii") + b"\0" for n in names]
    name_at = 4 + 8 * len(names)
    data_at = name_at + sum(map(len, encoded))
    data_at += _pad(len(package.header) + data_at)
    entries, offset = [], data_at
    name_offset = name_at
    for name, enc in zip(names, encoded, strict=True):
        entries.append(struct.pack("<II", name_offset, offset))
        name_offset += len(enc)
        size = len(package.items[name])
        offset += size + _pad(size)
    out = bytearray(package.header)
    out += struct.pack("<I", len(names)) + b"".join(entries) + b"".join(encoded)
    out += b"\0" * _pad(len(out))
    for name in names:
        item = package.items[name]
        out += item + b"\0" * _pad(len(item))
    return bytes(out)


# --- the shared library -----------------------------------------------------------------------

def _elf(library: Path) -> bytes:
    elf = library.read_bytes()
    if elf[:4] != b"\x7fELF" or elf[4] != 2 or elf[5] != 1:
        raise ValueError(f"{library}: not a little-endian 64-bit ELF file")
    return elf


def _dynamic_symbols(elf: bytes) -> Iterator[tuple[str, int, int, int]]:
    """(name, section index, value, size) of each dynamic symbol of an ELF64 little-endian file."""
    shoff = struct.unpack_from("<Q", elf, 0x28)[0]
    shentsize, shnum = struct.unpack_from("<HH", elf, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", elf, shoff + i * shentsize) for i in range(shnum)]
    for sh_type, link, offset, size, entsize in ((s[1], s[6], s[4], s[5], s[9]) for s in sections):
        if sh_type != 11:  # SHT_DYNSYM
            continue
        strtab = sections[link][4]
        for at in range(offset + entsize, offset + size, entsize):
            st_name, _, _, shndx, value, st_size = struct.unpack_from("<IBBHQQ", elf, at)
            name = elf[strtab + st_name:elf.index(b"\0", strtab + st_name)].decode("ascii", "replace")
            yield name, shndx, value, st_size


def symbol_bytes(library: Path, symbol: str) -> bytes:
    """The bytes of a data symbol of a little-endian ELF64 shared library (KeyError when it has none)."""
    elf = _elf(library)
    phoff = struct.unpack_from("<Q", elf, 0x20)[0]
    phentsize, phnum = struct.unpack_from("<HH", elf, 0x36)
    for name, shndx, value, size in _dynamic_symbols(elf):
        if name != symbol or shndx == 0:
            continue
        for i in range(phnum):
            p_type, _, p_offset, p_vaddr, _, p_filesz = struct.unpack_from("<IIQQQQ", elf,
                                                                           phoff + i * phentsize)
            if p_type == 1 and p_vaddr <= value and value + size <= p_vaddr + p_filesz:  # PT_LOAD
                start = p_offset + value - p_vaddr
                return elf[start:start + size]
    raise KeyError(f"{library}: no symbol {symbol}")


def icu_calls(library: Path, version: str) -> set[str]:
    """The ICU functions ``library`` calls (its undefined dynamic symbols ``..._<version>``), unsuffixed."""
    suffix = f"_{version}"
    return {name[:-len(suffix)] for name, shndx, _, _ in _dynamic_symbols(_elf(library))
            if shndx == 0 and name.endswith(suffix)}


def c_compiler() -> str | None:
    """``$CC`` or cc/gcc/clang on PATH (None: none there)."""
    for name in (os.environ.get("CC"), "cc", "gcc", "clang"):
        found = shutil.which(name) if name else None
        if found:
            return found
    return None


def link_data_library(data: Path, symbol: str, soname: str, out: Path, cc: str) -> Path:
    """Link a shared library ``out`` (soname ``soname``) whose only symbol ``symbol`` holds the bytes of
    ``data``: no code and no libc, like ICU's own data library."""
    asm = out.parent / f"{out.name}.S"
    asm.write_text(
        "\t.section .rodata\n"
        f"\t.globl {symbol}\n\t.type {symbol}, @object\n\t.balign {_ALIGN}\n"
        f"{symbol}:\n\t.incbin \"{data.name}\"\n\t.size {symbol}, . - {symbol}\n"
        '\t.section .note.GNU-stack,"",@progbits\n', encoding="ascii")
    subprocess.run([cc, "-shared", "-nostdlib", f"-Wl,-soname,{soname}", "-Wl,-z,noexecstack",
                    "-o", out.name, asm.name], cwd=out.parent, check=True)
    return out


@dataclass(frozen=True)
class SlimResult:
    """A slim data library and what went into it."""

    library: Path
    items: int
    items_before: int
    data_bytes: int
    data_bytes_before: int

    def summary(self) -> str:
        before, after = self.data_bytes_before / 1e6, self.data_bytes / 1e6
        return (f"ICU data: kept {self.items} of {self.items_before} items, {before:.1f} MB -> {after:.1f} MB"
                f" ({self.library.name})")


def slim_library(library: Path, out_dir: Path, keep: Callable[[str], bool] = keep_item,
                 cc: str | None = None) -> SlimResult:
    """Build ``out_dir/<the same name>``: ``library`` (libicudata.so.NN) with only the items ``keep``
    accepts. ``cc``: the C compiler (default :func:`c_compiler`; RuntimeError when there is none)."""
    m = DATA_LIBRARY.match(library.name)
    if not m:
        raise ValueError(f"{library.name}: not an ICU data library (libicudata.so.NN)")
    cc = cc or c_compiler()
    if cc is None:
        raise RuntimeError("no C compiler (cc, gcc or clang; or set CC)")
    symbol = f"icudt{m.group(1)}_dat"
    original = symbol_bytes(library, symbol)
    package = read_package(original)
    slim = package.filtered(keep)
    out_dir.mkdir(parents=True, exist_ok=True)
    data = out_dir / f"{symbol}.bin"
    data.write_bytes(write_package(slim))
    out = link_data_library(data, symbol, library.name, out_dir / library.name, cc)
    return SlimResult(out, len(slim.items), len(package.items), data.stat().st_size, len(original))


def unserved_icu_calls(libraries: Iterable[Path], version: str) -> list[str]:
    """``library: function`` for each ICU function outside ICU_CALLS_SERVED that one of ``libraries``
    (ICU's own skipped) calls."""
    out = []
    for lib in libraries:
        if lib.name.startswith("libicu") or not lib.is_file():
            continue
        try:
            calls = icu_calls(lib, version)
        except (ValueError, struct.error):
            continue  # not an ELF64 file
        out += [f"{lib.name}: {c}" for c in sorted(calls) if not c.startswith(ICU_CALLS_SERVED)]
    return out


def slim_binaries(binaries: list, out_dir: Path, log: Callable[[str], object] = print) -> list:
    """A PyInstaller TOC (``(dest, src, typecode)``) with the ICU data library swapped for its slim
    build. Left as it is, with a warning in the log, when a bundled library calls an ICU function the
    slim data does not serve or when the data cannot be rebuilt (no C compiler ...)."""
    out = []
    for dest, src, typecode in binaries:
        m = DATA_LIBRARY.match(Path(dest).name)
        if m:
            unserved = unserved_icu_calls((Path(s) for _, s, _ in binaries if ".so" in Path(s).name),
                                          m.group(1))
            try:
                if unserved:
                    raise RuntimeError("ICU calls the slim data may not serve: " + ", ".join(unserved))
                result = slim_library(Path(src), out_dir)
            except (RuntimeError, OSError, ValueError, KeyError, subprocess.CalledProcessError) as e:
                log(f"WARNING: ICU data kept whole: {e}")
            else:
                log(result.summary())
                src = str(result.library)
        out.append((dest, src, typecode))
    return out
