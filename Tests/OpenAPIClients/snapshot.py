"""Writes the OpenAPI documents a fresh `sprout` serves into each client target here, where the
generator reads them. Run it after changing an API: `python3 Tests/OpenAPIClients/snapshot.py`
(with `SPROUT_BIN` naming the binary when it is not `.build/debug/sprout`)."""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import requests

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from pyhelpers.sprout_server import start_server  # noqa: E402

# Each document and the target whose client is generated from it.
TARGETS = {"platform": "PlatformAPI", "phone-auth": "PhoneAuthAPI", "lessons": "LessonsAPI", "lessons-booking": "LessonsBookingAPI",
           "market": "MarketAPI", "study": "StudyAPI", "reading": "ReadingAPI"}


def served_documents(base_url: str) -> dict[str, str]:
    return {name: requests.get(f"{base_url}/openapi/{name}.json", timeout=15).text for name in TARGETS}


def snapshot_path(name: str) -> Path:
    return HERE / "Sources" / TARGETS[name] / "openapi.json"


def main() -> None:
    with tempfile.TemporaryDirectory() as workdir:
        server = start_server(Path(workdir), {"SPROUT_DEMO_DATA": "false"})
        try:
            for name, text in served_documents(server.base_url).items():
                snapshot_path(name).write_text(text)
                print(f"wrote {snapshot_path(name).relative_to(HERE.parent.parent)}")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
