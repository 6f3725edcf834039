"""ReadingHaracoon's API as a third-party client sees it: /api/auth tokens, the library, the
server-held timer on the real clock, statistics and goals; errors as { error, reason }."""
from __future__ import annotations

import datetime
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from openapi_spec_validator import OpenAPIV31SpecValidator, validate


class Reader:
    def __init__(self, base_url: str):
        self.base_url = base_url
        tag = uuid.uuid4().hex[:10]
        joined = requests.post(f"{base_url}/api/auth/join", json={
            "email": f"reader-{tag}@example.com", "password": f"pw-{tag}-long", "name": f"reader{tag}"}, timeout=30)
        assert joined.status_code == 200, joined.text
        self.token = joined.json()["accessToken"]

    def call(self, method: str, path: str, **kwargs) -> requests.Response:
        headers = {"Authorization": f"Bearer {self.token}", **kwargs.pop("headers", {})}
        return requests.request(method, f"{self.base_url}/api/reading{path}", headers=headers, timeout=30, **kwargs)

    def add(self, **book) -> dict:
        response = self.call("POST", "/library", json=book)
        assert response.status_code == 201, response.text
        return response.json()


def assert_error(response: requests.Response, status: int) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["error"] is True and isinstance(body["reason"], str) and body["reason"]


@pytest.fixture
def reader(server) -> Reader:
    return Reader(server.base_url)


def test_a_book_round_trips_and_duplicates_are_409_naming_the_first(reader):
    book = reader.add(isbn13="9788936434120", title="소년이 온다", author="한강", pages=216, status="reading")
    assert reader.call("GET", f"/library/{book['id']}").json()["title"] == "소년이 온다"
    duplicate = reader.call("POST", "/library", json={"isbn13": "9788936434120", "title": "Human Acts"})
    assert_error(duplicate, 409)
    assert duplicate.headers["Location"] == f"/api/reading/library/{book['id']}"
    changed = reader.call("PATCH", f"/library/{book['id']}", json={"status": "read", "rating": 5})
    assert changed.status_code == 200 and changed.json()["status"] == "read" and changed.json()["rating"] == 5
    listed = reader.call("GET", "/library", params={"q": "소년", "status": "read"}).json()
    assert [b["id"] for b in listed["books"]] == [book["id"]] and listed["total"] == 1
    assert reader.call("DELETE", f"/library/{book['id']}").status_code == 200
    assert_error(reader.call("GET", f"/library/{book['id']}"), 404)


def test_another_readers_book_is_not_found_and_no_token_is_401(server, reader):
    book = reader.add(title="Private shelf", author="Me")
    other = Reader(server.base_url)
    for method in ("GET", "PATCH", "DELETE"):
        assert_error(other.call(method, f"/library/{book['id']}", json={"rating": 1}), 404)
    assert_error(requests.get(f"{server.base_url}/api/reading/library", timeout=30), 401)
    assert reader.call("GET", f"/library/{book['id']}").json()["rating"] == 0


@pytest.mark.parametrize("body", [
    {"title": "x", "isbn13": "9788936434121"},      # bad checksum
    {"title": "x", "pages": 1e308},
    {"title": "x", "pages": -1},
    {"title": "x", "rating": 6},
    {"title": "", "author": "a"},
    {"title": "x", "link": "javascript:alert(1)"},
    {"title": "x", "status": "burned"},
])
def test_hostile_books_are_refused_and_change_nothing(reader, body):
    response = reader.call("POST", "/library", json=body)
    assert response.status_code in (400, 422), response.text
    assert reader.call("GET", "/library").json()["total"] == 0


def test_the_timer_is_held_by_the_server_and_stop_records_the_day(reader):
    book = reader.add(title="타이머 책", author="Tester", pages=300)
    started = reader.call("POST", "/timer/start", json={"book_id": book["id"]})
    assert started.status_code == 200 and started.json()["state"] == "running"
    assert_error(reader.call("POST", "/timer/start", json={"book_id": book["id"]}), 409)
    time.sleep(1.2)
    # Another device (a new session, same token) sees the same running timer.
    assert requests.get(f"{reader.base_url}/api/reading/timer", headers={"Authorization": f"Bearer {reader.token}"}, timeout=30).json()["elapsed_seconds"] >= 1
    stopped = reader.call("POST", "/timer/stop")
    assert stopped.status_code == 200, stopped.text
    assert reader.call("GET", "/timer").json()["state"] == "idle"
    assert reader.call("GET", f"/library/{book['id']}").json()["reading_seconds"] >= 1
    stats = reader.call("GET", "/stats", params={"year": datetime.date.today().year}).json()
    assert stats["totals"]["all_time_seconds"] >= 1
    assert any(entry["book_id"] == book["id"] for entry in stats["books"])


def test_concurrent_stops_record_the_session_once(reader):
    book = reader.add(title="Race", author="Tester")
    reader.call("POST", "/timer/start", json={"book_id": book["id"]})
    time.sleep(1.1)
    with ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(lambda _: reader.call("POST", "/timer/stop").status_code, range(8)))
    assert statuses.count(200) >= 1 and all(s in (200, 409) for s in statuses), statuses
    seconds = reader.call("GET", f"/library/{book['id']}").json()["reading_seconds"]
    assert 1 <= seconds <= 5, seconds


def test_goals_round_trip_and_bounds(reader):
    assert reader.call("PUT", "/goals", json={"yearly_books": 24, "daily_minutes": 30}).status_code == 200
    assert reader.call("GET", "/goals").json() == {"yearly_books": 24, "daily_minutes": 30}
    assert_error(reader.call("PUT", "/goals", json={"yearly_books": 1e308, "daily_minutes": 30}), 400)
    assert_error(reader.call("PUT", "/goals", json={"yearly_books": 10**6, "daily_minutes": 30}), 422)
    wrong_type = reader.call("PUT", "/goals", json={"yearly_books": "many", "daily_minutes": 30})
    assert_error(wrong_type, 400)
    assert "yearly_books" in wrong_type.json()["reason"] and "CodingKeys" not in wrong_type.text
    assert reader.call("GET", "/goals").json()["yearly_books"] == 24


def test_unknown_reading_paths_are_the_apis_404(reader):
    assert_error(reader.call("GET", "/no/such/thing"), 404)


def test_the_reading_document_is_valid_openapi_and_lists_the_routes(server):
    document = requests.get(f"{server.base_url}/openapi/reading.json", timeout=15).json()
    validate(document, cls=OpenAPIV31SpecValidator)
    for path in ("/api/reading/library", "/api/reading/library/{id}", "/api/reading/timer", "/api/reading/stats", "/api/reading/goals"):
        assert path in document["paths"], sorted(document["paths"])


GOODREADS_HEADER = ("Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,"
                    "Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,"
                    "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies")


def goodreads_file(rows: list[list[str]]) -> bytes:
    """A Goodreads export written the way Goodreads writes it, by Python's csv module."""
    import csv
    import io
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(GOODREADS_HEADER.split(","))
    writer.writerows(rows)
    return ("\ufeff" + out.getvalue()).encode()


def library_snapshot(reader: Reader) -> list[tuple]:
    books = reader.call("GET", "/library").json()["books"]
    snapshot = []
    for book in books:
        memos = [m["text"] for m in reader.call("GET", f"/library/{book['id']}/memos").json()["memos"]]
        snapshot.append((book["isbn13"], book["title"], book["author"], book["publisher"], book["pages"], book["status"],
                         book["rating"], book["started_on"], book["finished_on"], tuple(memos)))
    return sorted(snapshot, key=repr)


def test_a_goodreads_export_round_trips_through_import_export_and_reimport(server):
    first = Reader(server.base_url)
    rows = [
        ["1", "Dune (Dune, #1)", "Frank Herbert", "Herbert, Frank", "", '="0441172717"', '=""', "5", "4.27", "Ace", "Paperback",
         "658", "1990", "1965", "2023/08/14", "2023/07/01", "", "", "read", "Spice.<br/><br/>Two, with a \"quote\".", "", "", "1", "0"],
        ["2", "채식주의자", "한강", "", "", '=""', '="9788936434816"', "4", "", "창비", "", "247", "", "", "2024/01/05",
         "2023/12/24", "", "", "read", "", "", "", "1", "0"],
        ["3", "아몬드", "손원평", "", "", '=""', '="9788936434595"', "0", "", "창비", "", "264", "", "", "", "2024/02/01",
         "currently-reading", "", "currently-reading", "", "", "", "0", "0"],
        ["4", "Bad rating", "A", "", "", '=""', '=""', "9", "", "", "", "", "", "", "", "", "", "", "to-read", "", "", "", "0", "0"],
        ["5", "Dune (Dune, #1)", "Frank Herbert", "", "", '=""', '="9780441172719"', "5", "", "", "", "", "", "", "", "", "",
         "", "read", "", "", "", "1", "0"],
    ]
    imported = first.call("POST", "/import/goodreads", data=goodreads_file(rows), headers={"Content-Type": "text/csv"})
    assert imported.status_code == 200, imported.text
    report = imported.json()
    assert [r["row"] for r in report["imported"]] == [1, 2, 3]
    assert [(s["row"], s["reason"]) for s in report["skipped"]] == [(4, "invalid"), (5, "repeated")]
    assert report["skipped"][0]["detail"] == "My Rating: must be 0 to 5"

    exported = first.call("GET", "/export/goodreads.csv")
    assert exported.status_code == 200 and exported.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in exported.headers["Content-Disposition"]
    import csv
    import io
    records = list(csv.DictReader(io.StringIO(exported.content.decode("utf-8"))))
    dune = next(r for r in records if r["Title"].startswith("Dune"))
    assert dune["ISBN13"] == '="9780441172719"' and dune["ISBN"] == '="0441172717"'
    assert dune["Date Read"] == "2023/08/14" and dune["Exclusive Shelf"] == "read" and dune["My Rating"] == "5"

    second = Reader(server.base_url)
    files = {"file": ("goodreads_library_export.csv", exported.content, "text/csv")}
    again = second.call("POST", "/import/goodreads", files=files)
    assert again.status_code == 200 and len(again.json()["imported"]) == 3 and again.json()["skipped"] == []
    assert library_snapshot(second) == library_snapshot(first)

    repeated = first.call("POST", "/import/goodreads", data=exported.content, headers={"Content-Type": "text/csv"})
    assert {s["reason"] for s in repeated.json()["skipped"]} == {"already_in_library"} and repeated.json()["imported"] == []
    assert len(first.call("GET", "/library").json()["books"]) == 3


def test_memos_belong_to_their_reader(server):
    owner, stranger = Reader(server.base_url), Reader(server.base_url)
    book = owner.add(title="메모할 책", pages=100)
    memo = owner.call("POST", f"/library/{book['id']}/memos", json={"text": "첫 메모", "page": 3})
    assert memo.status_code == 201, memo.text
    memo_path = f"/library/{book['id']}/memos/{memo.json()['id']}"
    assert memo.headers["Location"] == "/api/reading" + memo_path
    assert_error(owner.call("POST", f"/library/{book['id']}/memos", json={"text": "x", "page": 101}), 422)
    assert_error(owner.call("POST", f"/library/{book['id']}/memos", json={"text": "   "}), 422)
    assert_error(owner.call("POST", f"/library/{book['id']}/memos", data=b"{", headers={"Content-Type": "application/json"}), 400)
    for method in ("GET", "PATCH", "DELETE"):
        assert_error(stranger.call(method, memo_path, json={"text": "mine now"}), 404)
    assert owner.call("PATCH", memo_path, json={"page": None}).json()["page"] is None
    assert owner.call("GET", memo_path).json()["text"] == "첫 메모"
