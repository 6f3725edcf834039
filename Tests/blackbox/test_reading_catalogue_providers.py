"""Book search with an outside catalogue, as a third-party client sees it: the real binary with
`SPROUT_BOOK_CATALOGUES=google,local`, its Google Books a local fake (`pyhelpers/fake_google_books.py`).
The local catalogue's hits stay first, the outside books come with their covers, pages and
publishers, an ISBN finds its book, and with the provider gone search answers from the local
catalogue at once."""
from __future__ import annotations

import time
import uuid

import pytest
import requests

from pyhelpers.fake_google_books import HARRY_POTTER, start_fake_google_books


class Reader:
    def __init__(self, base_url: str):
        self.base_url = base_url
        tag = uuid.uuid4().hex[:10]
        joined = requests.post(f"{base_url}/api/auth/join", json={
            "email": f"searcher-{tag}@example.com", "password": f"pw-{tag}-long", "name": f"searcher{tag}"}, timeout=30)
        assert joined.status_code == 200, joined.text
        self.token = joined.json()["accessToken"]

    def search(self, q: str | None, **params) -> requests.Response:
        if q is not None:
            params["q"] = q
        return requests.get(f"{self.base_url}/api/reading/catalog/search", params=params,
                            headers={"Authorization": f"Bearer {self.token}"}, timeout=30)


@pytest.fixture
def google():
    fake = start_fake_google_books()
    yield fake
    fake.stop()


@pytest.fixture
def reader(start_sprout, google) -> Reader:
    server = start_sprout({"SPROUT_BOOK_CATALOGUES": "google,local", "SPROUT_GOOGLE_BOOKS_URL": google.url,
                           "SPROUT_BOOK_CATALOGUE_TIMEOUT_SECONDS": "10"})
    return Reader(server.base_url)


def found(response: requests.Response) -> dict:
    assert response.status_code == 200, response.text
    page = response.json()
    assert set(page) == {"books", "total", "page", "page_size"}, page
    return page


def test_a_korean_title_the_local_catalogue_lacks_comes_with_cover_pages_and_publisher(reader, google):
    page = found(reader.search("해리포터"))
    isbns = [book["isbn13"] for book in page["books"]]
    assert HARRY_POTTER in isbns, page
    harry = page["books"][isbns.index(HARRY_POTTER)]
    assert harry["title"] == "해리 포터와 마법사의 돌" and harry["author"] == "J.K. 롤링"
    assert harry["publisher"] == "문학수첩" and harry["pages"] == 352 and harry["published_on"] == "2019-11-19"
    assert harry["cover"].startswith("https://books.google.com/"), "Google's http:// thumbnail is asked for over https"
    assert "<" not in harry["description"] and "해리" in harry["description"], "the description's HTML is dropped"
    assert len(isbns) == len(set(isbns)) and all(len(isbn) == 13 for isbn in isbns), "the volume without an ISBN is left out"
    assert google.searched() == ["해리포터"], "one search, one call"

    again = found(reader.search("해리포터"))
    assert again == page and google.searched() == ["해리포터"], "the same search within the hour asks Google nothing"


def test_the_local_catalogues_books_stay_first_and_get_the_covers_they_lack(reader, google):
    hobbit = found(reader.search("The Hobbit"))
    assert hobbit["books"][0]["isbn13"] == "9780618260300" and hobbit["books"][0]["title"] == "The Hobbit", hobbit
    assert "9780345445605" in [book["isbn13"] for book in hobbit["books"]], "Google's other edition follows"

    harry = found(reader.search("Harry Potter and the Sorcerer"))
    first = harry["books"][0]
    assert first["isbn13"] == "9780439554930" and first["title"].startswith("Harry Potter and the Sorcerer's Stone"), harry
    assert first["cover"].startswith("https://") and first["pages"] == 309 and first["publisher"] == "Scholastic", \
        "the seeded book's gaps are filled from Google"
    assert [book["isbn13"] for book in harry["books"]].count("9780439554930") == 1


def test_an_isbn_with_or_without_hyphens_finds_that_one_book(reader):
    for q in (HARRY_POTTER, "978-89-8392-068-3", " 978 89 8392 068 3 "):
        page = found(reader.search(q))
        assert [book["isbn13"] for book in page["books"]] == [HARRY_POTTER] and page["total"] == 1, (q, page)
    assert found(reader.search("9791190090018"))["total"] == 0, "an ISBN nobody knows finds nothing"


def test_with_the_provider_gone_search_answers_from_the_local_catalogue_at_once(start_sprout, google):
    # A refused connection is retried until the deadline (AsyncHTTPClient's pool), so the first
    # search after an outage waits out the timeout; the breaker then answers at once.
    server = start_sprout({"SPROUT_BOOK_CATALOGUES": "google,local", "SPROUT_GOOGLE_BOOKS_URL": google.url,
                           "SPROUT_BOOK_CATALOGUE_TIMEOUT_SECONDS": "1"})
    reader = Reader(server.base_url)
    google.stop()
    for q, within in (("Dune", 5), ("Dune Chronicles", 2), ("해리포터 비밀의 방", 2)):
        started = time.monotonic()
        response = reader.search(q)
        elapsed = time.monotonic() - started
        assert response.status_code == 200, response.text
        assert elapsed < within, f"{q} took {elapsed:.1f} s"
    assert found(reader.search("Dune"))["books"][0]["isbn13"] == "9780340839935"
    assert found(reader.search("해리포터 비밀의 방"))["total"] == 0, "offline, only what the local catalogue knows"


@pytest.mark.parametrize("q, statuses", [
    ("a" * 10_000, {400}),
    ("", {400}),
    (None, {400}),
    ("\x00", {400}),
    ("\x01\x02해리\x1b[31m", {200, 400}),
    ("\u202e\u200b", {200, 400}),
    ("%' OR 1=1 --", {200}),
    ("isbn:9788983920683 OR x", {200}),
])
def test_hostile_searches_get_the_contracts_answers(reader, q, statuses):
    response = reader.search(q)
    assert response.status_code in statuses, (q, response.status_code, response.text)
    if response.status_code == 400:
        assert response.json()["error"] is True and response.json()["reason"]
    else:
        found(response)


def test_paging_past_the_reachable_pages_is_refused(reader):
    assert reader.search("해리포터", page=201).status_code == 400
    assert reader.search("해리포터", size=51).status_code == 400
    last = found(reader.search("해리포터", page=200, size=50))
    assert last["books"] == [] and last["page"] == 200
