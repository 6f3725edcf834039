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
