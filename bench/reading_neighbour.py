"""Another reader writing while the bench reads the first reader's library: joins, then adds a
book and removes it again, WRITES_PER_SECOND times a second, for SECONDS. Every write moves
that reader's counter; the first reader's kept answers must not notice.

    python3 bench/reading_neighbour.py BASE_URL SECONDS WRITES_PER_SECOND  → prints the writes made
"""
from __future__ import annotations

import sys
import time

from reading_setup import call, isbn13


def main() -> None:
    base, seconds, rate = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
    account = {"email": "bench-neighbour@sprout.local", "password": "bench-neighbour-pw", "name": "Neighbour"}
    call(base, "POST", "/api/auth/join", body=account)
    token = call(base, "POST", "/api/auth/login", body={k: account[k] for k in ("email", "password")})["accessToken"]
    writes, started = 0, time.monotonic()
    while time.monotonic() - started < seconds:
        book = call(base, "POST", "/api/reading/library", token, {"isbn13": isbn13(900000 + writes), "title": f"Neighbour {writes}"})
        call(base, "DELETE", f"/api/reading/library/{book['id']}", token)
        writes += 2
        time.sleep(max(0.0, started + writes / rate - time.monotonic()))
    print(writes)


if __name__ == "__main__":
    main()
