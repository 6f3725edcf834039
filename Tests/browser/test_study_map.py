"""The slippy map an operator may configure: with SPROUT_STUDY_MAP_TILES pointing at a tile
server, the home page loads Debian's Leaflet from Sprout, shows tiles from that server (the
page's Content-Security-Policy lets them in) and hides the radar, its markers naming each person
by distance and 동 as the radar and the list under it do; the page raises no errors."""
from __future__ import annotations

import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import expect

from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server
from pyhelpers.study_web import open_person, sign_in_and_sign_up

LEAFLET = Path("/usr/share/javascript/leaflet")
# A 1×1 transparent PNG stands for every tile.
TILE = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082"
)


class TileServer(BaseHTTPRequestHandler):
    requested: list[str] = []

    def do_GET(self):  # noqa: N802 (http.server's name)
        TileServer.requested.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(TILE)))
        self.end_headers()
        self.wfile.write(TILE)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def tiles():
    server = ThreadingHTTPServer(("127.0.0.1", 0), TileServer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def map_server(tmp_path_factory, tiles):
    if not (LEAFLET / "leaflet.js").exists():
        pytest.fail("Debian's libjs-leaflet is not installed (.ci/run installs it)")
    started = start_server(tmp_path_factory.mktemp("browser-study-map"), {
        **NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false",
        "SPROUT_STUDY_MAP_TILES": tiles + "/{z}/{x}/{y}.png", "SPROUT_STUDY_MAP_ATTRIBUTION": "Test tiles",
    })
    yield started
    started.stop()


def test_the_home_page_draws_the_configured_tiles_with_leaflet(browser, map_server, screenshot_dir):
    base = map_server.base_url
    errors: list[str] = []
    # Someone waiting about 150 m from the SeSAC campus, where a new page is centred.
    neighbour = open_person(browser, {"width": 360, "height": 740}, errors)
    sign_in_and_sign_up(neighbour, base, "010-4100-0002", "옆자리", "0")
    neighbour.goto(f"{base}/study?lat=37.5190&long=126.8870")
    neighbour.goto(base + "/study/input")
    neighbour.click("#find-study")
    expect(neighbour).to_have_url(re.compile(r"/study/results$"))

    page = open_person(browser, {"width": 360, "height": 740}, errors)
    sign_in_and_sign_up(page, base, "010-4100-0001", "지도", "1")
    expect(page.locator("#study-map.leaflet-container")).to_be_visible()
    expect(page.locator("#study-map img.leaflet-tile-loaded").first).to_be_attached()
    expect(page.locator("#study-map")).to_contain_text("Test tiles")
    expect(page.locator("#radar")).to_be_hidden()
    assert any(path.endswith(".png") and path.count("/") == 3 for path in TileServer.requested)
    # The map names the person as the radar would and the list under it does: distance and 동.
    expect(page.locator("#study-map .leaflet-tooltip")).to_have_text("옆자리 · 151m · 양평제1동")
    expect(page.locator("#nearby-people li")).to_have_text("옆자리 151m · 양평제1동")
    expect(page.locator("#radar .radar-person title")).to_have_text("옆자리 · 151m · 양평제1동")
    expect(page.locator("#where-now")).to_contain_text("서울 영등포구 양평제1동")
    page.screenshot(path=str(screenshot_dir / "study-mobile-map.png"), full_page=True)
    assert errors == []
    page.context.close()
    neighbour.context.close()
