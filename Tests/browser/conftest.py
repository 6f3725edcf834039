"""Fixtures for the browser suite: one Sprout server and Debian's Chromium driven by Playwright."""
from __future__ import annotations

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
