"""ReadingHaracoon's progress, days and re-reads as a third-party client sees them: other readers'
books are 404 on every route, hostile bodies are contract errors (400 unreadable, 422 refused) and
change nothing, and a timer stop records the page reached."""
from __future__ import annotations

import time
import uuid

import pytest
import requests


class Reader:
    def __init__(self, base_url: str):
        self.base_url = base_url
        tag = uuid.uuid4().hex[:10]
        joined = requests.post(f"{base_url}/api/auth/join", json={
            "email": f"progress-{tag}@example.com", "password": f"pw-{tag}-long", "name": f"progress{tag}"}, timeout=30)
        assert joined.status_code == 200, joined.text
        self.token = joined.json()["accessToken"]

    def call(self, method: str, path: str, **kwargs) -> requests.Response:
        headers = {"Authorization": f"Bearer {self.token}", **kwargs.pop("headers", {})}
        return requests.request(method, f"{self.base_url}/api/reading{path}", headers=headers, timeout=30, **kwargs)

    def add(self, **book) -> dict:
        response = self.call("POST", "/library", json=book)
        assert response.status_code == 201, response.text
        return response.json()

    def progress(self, book_id: str) -> dict:
        response = self.call("GET", f"/library/{book_id}/progress")
        assert response.status_code == 200, response.text
        return response.json()


def assert_error(response: requests.Response, status: int) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["error"] is True and isinstance(body["reason"], str) and body["reason"]


@pytest.fixture
def reader(server) -> Reader:
    return Reader(server.base_url)


def raw(reader: Reader, method: str, path: str, body: str) -> requests.Response:
    return reader.call(method, path, data=body.encode(), headers={"Content-Type": "application/json"})


def test_progress_is_kept_with_its_day_and_listed_newest_first(reader):
    book = reader.add(title="소년이 온다", author="한강", pages=216)
    first = reader.call("POST", f"/library/{book['id']}/progress", json={"page": 50})
    assert first.status_code == 201, first.text
    assert (first.json()["page"], first.json()["percent"], first.json()["pages_read"]) == (50, 23, 50)
    second = reader.call("POST", f"/library/{book['id']}/progress", json={"page": 80}).json()
    assert second["pages_read"] == 30 and second["day"] == first.json()["day"]
    listed = reader.progress(book["id"])
    assert [u["id"] for u in listed["updates"]] == [second["id"], first.json()["id"]]
    assert listed["total"] == 2 and listed["read"] == 1 and listed["current"]["id"] == second["id"]
    shelved = reader.call("GET", f"/library/{book['id']}").json()
    assert shelved["status"] == "reading" and shelved["finished_on"] is None


def test_another_readers_book_is_404_on_every_route_and_stays_as_it_was(server, reader):
    book = reader.add(title="Private progress", pages=100, status="read")
    reader.call("POST", f"/library/{book['id']}/progress", json={"page": 10})
    before = (reader.call("GET", f"/library/{book['id']}").json(), reader.progress(book["id"]))
    other = Reader(server.base_url)
    for method, path, body in [
        ("GET", "progress", None), ("POST", "progress", {"page": 20}), ("PUT", "dates", {"started_on": "2020-01-01"}),
        ("GET", "reads", None), ("POST", "reread", None),
    ]:
        assert_error(other.call(method, f"/library/{book['id']}/{path}", json=body), 404)
        assert_error(other.call(method, f"/library/{uuid.uuid4().hex[:24]}/{path}", json=body), 404)
        assert_error(requests.request(method, f"{server.base_url}/api/reading/library/{book['id']}/{path}", json=body, timeout=30), 401)
    assert_error(other.call("POST", "/timer/start", json={"book_id": book["id"]}), 404)
    assert (reader.call("GET", f"/library/{book['id']}").json(), reader.progress(book["id"])) == before


@pytest.mark.parametrize("body, status", [
    ('{"page": 99999999999999999999999}', 400),
    ('{"page": 1e308}', 400),
    ('{"page": -1}', 422),
    ('{"page": 0}', 422),
    ('{"page": 121}', 422),
    ('{"page": NaN}', 400),
    ('{"page": Infinity}', 400),
    ('{"page": "12"}', 400),
    ('{"page": 12.5}', 400),
    ('{"page": null}', 422),
    ('{"percent": -1}', 422),
    ('{"percent": 101}', 422),
    ('{"page": 5, "percent": 5}', 422),
    ('{}', 422),
    ('[5]', 400),
    ('"page"', 400),
    ('{"page": 5', 400),
    ('', 400),
])
def test_hostile_progress_is_a_contract_error_and_changes_nothing(reader, body, status):
    book = reader.add(title="Hostile", pages=120)
    assert_error(raw(reader, "POST", f"/library/{book['id']}/progress", body), status)
    assert reader.progress(book["id"])["total"] == 0
    assert reader.call("GET", f"/library/{book['id']}").json()["status"] == "to-read"


def test_a_body_as_a_form_is_refused_as_the_wrong_media_type(reader):
    book = reader.add(title="Form body", pages=120)
    response = reader.call("POST", f"/library/{book['id']}/progress", data={"page": "5"})
    assert response.status_code == 415, response.text
    assert reader.progress(book["id"])["total"] == 0


@pytest.mark.parametrize("body, status", [
    ('{"started_on": "2026-02-30"}', 422),
    ('{"started_on": "9999-12-31"}', 422),
    ('{"started_on": "2020-01-02", "finished_on": "2020-01-01"}', 422),
    ('{"started_on": 20200101}', 400),
    ('{"started_on": "' + "9" * 100_000 + '"}', 422),
    ('{"finished_on": []}', 400),
    ('nope', 400),
])
def test_hostile_dates_are_refused_and_change_nothing(reader, body, status):
    book = reader.add(title="Dated", status="read", started_on="2020-01-01", finished_on="2020-02-01")
    assert_error(raw(reader, "PUT", f"/library/{book['id']}/dates", body), status)
    after = reader.call("GET", f"/library/{book['id']}").json()
    assert (after["started_on"], after["finished_on"]) == ("2020-01-01", "2020-02-01")


def test_days_are_set_and_a_finished_book_is_read_again(reader):
    book = reader.add(title="Dune", pages=896, status="read", started_on="2020-01-01", finished_on="2020-02-01")
    dated = reader.call("PUT", f"/library/{book['id']}/dates", json={"started_on": "2020-01-05", "finished_on": "2020-02-03"})
    assert dated.status_code == 200 and (dated.json()["started_on"], dated.json()["finished_on"]) == ("2020-01-05", "2020-02-03")
    again = reader.call("POST", f"/library/{book['id']}/reread")
    assert again.status_code == 200 and again.json()["status"] == "reading" and again.json()["finished_on"] is None
    assert_error(reader.call("POST", f"/library/{book['id']}/reread"), 409)
    reads = reader.call("GET", f"/library/{book['id']}/reads").json()
    assert reads["times_read"] == 1 and [r["number"] for r in reads["reads"]] == [1, 2]
    assert reads["reads"][0] == {"number": 1, "started_on": "2020-01-05", "finished_on": "2020-02-03", "current": False}
    stats = reader.call("GET", "/stats", params={"year": "2020", "month": "2"}).json()
    assert stats["books_finished"] == {"month": 1, "year": 1} and stats["rereads"] == {"month": 0, "year": 0}
    reader.call("PATCH", f"/library/{book['id']}", json={"status": "read"})
    this_year = reader.call("GET", "/stats").json()
    assert this_year["rereads"]["year"] == 1


def test_a_stop_records_the_page_reached_or_refuses_and_runs_on(reader):
    book = reader.add(title="Timed", pages=300, status="reading")
    assert reader.call("POST", "/timer/start", json={"book_id": book["id"]}).status_code == 200
    time.sleep(1.1)
    assert_error(raw(reader, "POST", "/timer/stop", '{"page": 301}'), 422)
    assert_error(raw(reader, "POST", "/timer/stop", '{"page": 1e308}'), 400)
    assert reader.call("GET", "/timer").json()["state"] == "running"
    stopped = reader.call("POST", "/timer/stop", json={"page": 150})
    assert stopped.status_code == 200, stopped.text
    answer = stopped.json()
    assert answer["progress"]["page"] == 150 and answer["progress"]["percent"] == 50
    assert answer["recorded"] and answer["recorded"][0]["seconds"] >= 1
    assert reader.progress(book["id"])["current"]["id"] == answer["progress"]["id"]
    reader.call("POST", "/timer/start", json={"book_id": book["id"]})
    plain = reader.call("POST", "/timer/stop")
    assert plain.status_code == 200 and plain.json()["progress"] is None
