"""The browser the Chromium tests and `make bench-phone` (bench/phone.py) drive: Debian's
Chromium through Playwright, launched the same way by both."""

import shutil

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-quic",
]
