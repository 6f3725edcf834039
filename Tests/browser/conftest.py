"""Fixtures for the browser suite: one Sprout server and Debian's Chromium driven by Playwright."""
from __future__ import annotations

import base64
import shutil

import pytest
from playwright.sync_api import sync_playwright

from pyhelpers.sprout_server import NO_RATE_LIMITS, REPO_ROOT, start_server

SCREENSHOTS = REPO_ROOT / "artifacts" / "screenshots"


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    shared = start_server(tmp_path_factory.mktemp("browser"), NO_RATE_LIMITS)
    yield shared
    shared.stop()


@pytest.fixture(scope="session")
def browser():
    # Playwright's own browser download is not reachable; Debian's chromium is.
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium")
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def screenshot_dir():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture(scope="session")
def phone_photo(browser, tmp_path_factory):
    """A 4032×3024 JPEG of megabytes, as a phone takes it, drawn by Chromium: a gradient with
    per-pixel grain, which costs a JPEG about what a real photo's detail does."""
    page = browser.new_page()
    data_url = page.evaluate("""() => {
        const canvas = document.createElement("canvas");
        canvas.width = 4032; canvas.height = 3024;
        const context = canvas.getContext("2d");
        const gradient = context.createLinearGradient(0, 0, 4032, 3024);
        gradient.addColorStop(0, "#33aa66"); gradient.addColorStop(0.5, "#ffcc88"); gradient.addColorStop(1, "#223399");
        context.fillStyle = gradient;
        context.fillRect(0, 0, 4032, 3024);
        const image = context.getImageData(0, 0, 4032, 3024);
        let seed = 7;
        for (let i = 0; i < image.data.length; i += 4) {
            seed = (seed * 1103515245 + 12345) & 0x7fffffff;
            const grain = ((seed >> 16) % 25) - 12;
            image.data[i] += grain; image.data[i + 1] += grain; image.data[i + 2] += grain;
        }
        context.putImageData(image, 0, 0);
        return canvas.toDataURL("image/jpeg", 0.92);
    }""")
    page.close()
    path = tmp_path_factory.mktemp("photos") / "IMG_0001.jpg"
    path.write_bytes(base64.b64decode(data_url.split(",", 1)[1]))
    assert path.stat().st_size > 2_000_000
    return path
