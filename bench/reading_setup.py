"""Prepares the reading bench: one reader with BOOKS books and a year of reading sessions.

Books go through the API. The year's sessions are copied from one session the timer really
recorded, straight into the SQLite file (a year of timing cannot pass during a bench), one to
three per day on the books, as the timer's stop writes them.

    python3 bench/reading_setup.py BASE_URL DATA_DIR BOOKS YEAR  → prints the reader's access token
"""
from __future__ import annotations

import datetime
import json
import random
import sqlite3
import sys
import time
import urllib.request


def call(base: str, method: str, path: str, token: str | None = None, body: dict | None = None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null")


def isbn13(number: int) -> str:
    digits = f"979119{number:06d}"
    check = (10 - sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(digits)) % 10) % 10
    return digits + str(check)


def main() -> None:
    base, data_dir, books, year = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    account = {"email": "bench-reader@sprout.local", "password": "bench-reader-pw", "name": "Bench Reader"}
    call(base, "POST", "/api/auth/join", body=account)
    token = call(base, "POST", "/api/auth/login", body={k: account[k] for k in ("email", "password")})["accessToken"]

    rng = random.Random(7)
    statuses = ["to-read", "reading", "read"]
    book_ids = []
    for n in range(books):
        book = call(base, "POST", "/api/reading/library", token, {
            "isbn13": isbn13(n), "title": f"책 {n:04d} — A Book About Reading, Volume {n}", "author": f"저자 {n % 97}",
            "publisher": "Sprout Press", "pages": 120 + rng.randrange(600), "status": statuses[n % 3],
            "rating": n % 6, "description": "A description long enough to look like one. " * 3,
        })
        book_ids.append(book["id"])

    call(base, "POST", "/api/reading/timer/start", token, {"book_id": book_ids[0]})
    time.sleep(1.1)
    call(base, "POST", "/api/reading/timer/stop", token)

    db = sqlite3.connect(f"{data_dir}/sprout.sqlite")
    template = db.execute("SELECT account_id, recorded_at FROM reading_sessions").fetchone()
    day = datetime.date(year, 1, 1)
    rows = []
    while day.year == year:
        for _ in range(rng.randrange(4)):
            rows.append((f"bench{len(rows):08d}", template[0], rng.choice(book_ids), day.isoformat(), 60 * rng.randrange(5, 90), template[1]))
        day += datetime.timedelta(days=1)
    db.executemany("INSERT INTO reading_sessions (id, account_id, book_id, day, seconds, recorded_at) VALUES (?, ?, ?, ?, ?, ?)", rows)
    db.commit()
    print(token)


if __name__ == "__main__":
    main()
