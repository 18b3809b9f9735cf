"""Optional TLS for the host: a self-signed certificate, and a client that pins its fingerprint.

Python's standard library cannot make a certificate, so the host asks the ``openssl`` program for
one (once; it is kept in the user data folder) unless it is given its own files. With no
``openssl`` and no files, TLS is unavailable and the host says so (the game still runs without it).
A self-signed certificate proves nothing by itself: the host shows its SHA-256 fingerprint, and a
client given that fingerprint refuses any other certificate before sending the join code.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import shutil
import ssl
import subprocess
from pathlib import Path

CERT_NAME, KEY_NAME = "host-cert.pem", "host-key.pem"
MIN_PIN_DIGITS = 16  # a fingerprint given by its first 16 hex digits or more


class TLSError(ValueError):
    """TLS cannot be set up, or the host's certificate is not the expected one (one sentence)."""


def self_signed(folder: Path) -> tuple[Path, Path]:
    """The host's certificate and key in ``folder``, made with ``openssl`` if they are not there yet."""
    folder = Path(folder)
    cert, key = folder / CERT_NAME, folder / KEY_NAME
    if cert.is_file() and key.is_file():
        return cert, key
    openssl = shutil.which("openssl")
    if openssl is None:
        raise TLSError("TLS needs the openssl program to make a certificate (it was not found): install it, "
                       "or give --cert and --key files")
    folder.mkdir(parents=True, exist_ok=True)
    tmp_cert, tmp_key = cert.with_suffix(".tmp"), key.with_suffix(".tmp")
    try:
        subprocess.run([openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                        "-nodes", "-keyout", str(tmp_key), "-out", str(tmp_cert), "-days", "3650",
                        "-subj", "/CN=Matrix Tabletop host"],
                       check=True, capture_output=True, timeout=60)
        os.chmod(tmp_key, 0o600)
        os.replace(tmp_key, key)
        os.replace(tmp_cert, cert)
    except (OSError, subprocess.SubprocessError) as e:
        raise TLSError(f"openssl could not make a certificate in {folder} ({e})") from None
    finally:
        for p in (tmp_cert, tmp_key):
            p.unlink(missing_ok=True)
    return cert, key


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    """A TLS server context with the host's certificate and key."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        ctx.load_cert_chain(str(cert), str(key))
    except (OSError, ssl.SSLError) as e:
        raise TLSError(f"the certificate {cert} or key {key} cannot be used ({e})") from None
    return ctx


def client_context() -> ssl.SSLContext:
    """A TLS client context that takes a self-signed certificate: the fingerprint is checked instead."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def fingerprint(der: bytes) -> str:
    """A certificate's SHA-256 fingerprint, hex digits in groups of four."""
    digest = hashlib.sha256(der).hexdigest().upper()
    return "-".join(digest[i:i + 4] for i in range(0, len(digest), 4))


def file_fingerprint(cert: Path) -> str:
    """The fingerprint of a PEM certificate file."""
    return fingerprint(ssl.PEM_cert_to_DER_cert(Path(cert).read_text(encoding="ascii")))


def check_pin(der: bytes | None, pin: str) -> None:
    """TLSError unless the certificate ``der`` has the fingerprint ``pin`` (its first 16 or more hex
    digits, any case, groups separated by '-', ':' or spaces)."""
    want = "".join(ch for ch in pin.upper() if ch not in "-: ")
    if len(want) < MIN_PIN_DIGITS or any(ch not in "0123456789ABCDEF" for ch in want):
        raise TLSError(f"a fingerprint is at least {MIN_PIN_DIGITS} hex digits, as the host shows it")
    if der is None:
        raise TLSError("the host sent no certificate")
    got = hashlib.sha256(der).hexdigest().upper()[:len(want)]
    if not hmac.compare_digest(got, want):
        raise TLSError("the host's certificate does not have the fingerprint you were given: "
                       "this may not be your friend's host")
