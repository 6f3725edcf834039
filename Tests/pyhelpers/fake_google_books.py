"""A local Google Books for the black-box and browser suites: `GET /volumes` as Google's volumes API
documents it (`q`, `startIndex`, `maxResults` up to 40, `printType`; `q=isbn:…` for one book),
answering `books#volumes` with `totalItems` and `items[].volumeInfo`, and no `items` when nothing
matches. Its few books include 해리 포터와 마법사의 돌 with a cover, pages and publisher, a volume
without an ISBN (which Sprout leaves out) and a seeded English title, for filling in the local
catalogue's gaps. Point Sprout at it with `environment()`.
"""
from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse


def volume(volume_id: str, title: str, authors: list[str], publisher: str, published: str, pages: int,
           isbn13: str | None, isbn10: str | None = None, thumbnail: str | None = None, description: str = "") -> dict:
    identifiers = []
    if isbn10:
        identifiers.append({"type": "ISBN_10", "identifier": isbn10})
    if isbn13:
        identifiers.append({"type": "ISBN_13", "identifier": isbn13})
    if not identifiers:
        identifiers.append({"type": "OTHER", "identifier": f"MAG:{volume_id}"})
    info = {"title": title, "authors": authors, "publisher": publisher, "publishedDate": published,
            "description": description, "industryIdentifiers": identifiers, "pageCount": pages,
            "printType": "BOOK", "categories": ["Fiction"], "language": "ko",
            "infoLink": f"http://books.google.com/books?id={volume_id}&dq=x&hl=&source=gbs_api",
            "canonicalVolumeLink": f"https://books.google.com/books/about/x.html?id={volume_id}"}
    if thumbnail:
        info["imageLinks"] = {"smallThumbnail": thumbnail.replace("zoom=1", "zoom=5"), "thumbnail": thumbnail}
    return {"kind": "books#volume", "id": volume_id, "etag": "e", "selfLink": f"https://www.googleapis.com/books/v1/volumes/{volume_id}",
            "volumeInfo": info}


def cover(volume_id: str) -> str:
    # Google gives http:// thumbnails; Sprout asks for them over https.
    return f"http://books.google.com/books/content?id={volume_id}&printsec=frontcover&img=1&zoom=1&source=gbs_api"


HARRY_POTTER = "9788983920683"

VOLUMES = [
    volume("hp1ko", "해리 포터와 마법사의 돌", ["J.K. 롤링"], "문학수첩", "2019-11-19", 352, HARRY_POTTER, "8983920688",
           cover("hp1ko"), "<p>열한 살 생일, <b>해리</b>에게 편지가 온다.</p>"),
    volume("hp2ko", "해리 포터와 비밀의 방", ["J.K. 롤링"], "문학수첩", "2019-11", 420, "9788983920690", None, cover("hp2ko")),
    volume("hpmag", "해리포터 팬 매거진", ["편집부"], "잡지사", "2020", 60, None),
    volume("prince", "어린 왕자", ["앙투안 드 생텍쥐페리"], "열린책들", "2015-10-20", 152, "9788932917245", None, cover("prince")),
    # The local catalogue starts with this one, without a cover or pages.
    volume("hp1en", "Harry Potter and the Sorcerer's Stone", ["J.K. Rowling"], "Scholastic", "1998-09-01", 309, "9780439554930",
           None, cover("hp1en")),
    volume("hobbitgn", "The Hobbit", ["J.R.R. Tolkien", "Chuck Dixon"], "Del Rey", "2001-08-28", 144, "9780345445605", None,
           cover("hobbitgn")),
]


def _key(text: str) -> str:
    return "".join(text.lower().split())


@dataclass
class FakeGoogleBooks:
    volumes: list[dict] = field(default_factory=lambda: list(VOLUMES))
    calls: list[dict] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    url: str = ""
    server: ThreadingHTTPServer | None = None

    def environment(self) -> dict[str, str]:
        """Sprout's settings for this fake as the only outside catalogue, after the local one."""
        return {"SPROUT_BOOK_CATALOGUES": "local,google", "SPROUT_GOOGLE_BOOKS_URL": self.url,
                "SPROUT_BOOK_CATALOGUE_TIMEOUT_SECONDS": "10"}

    def searched(self) -> list[str]:
        with self.lock:
            return [call["q"] for call in self.calls]

    def answer(self, query: dict[str, list[str]]) -> tuple[int, dict]:
        q = query.get("q", [""])[0]
        with self.lock:
            self.calls.append({"q": q, "params": {name: values[0] for name, values in query.items()}})
        if not q:
            return 400, {"error": {"code": 400, "message": "Missing query.", "errors": [{"reason": "queryRequired"}]}}
        try:
            start = int(query.get("startIndex", ["0"])[0])
            size = int(query.get("maxResults", ["10"])[0])
        except ValueError:
            return 400, {"error": {"code": 400, "message": "Invalid value", "errors": [{"reason": "invalid"}]}}
        if not 0 <= size <= 40 or start < 0:
            return 400, {"error": {"code": 400, "message": "Invalid value", "errors": [{"reason": "invalid"}]}}
        if q.startswith("isbn:"):
            wanted = q[len("isbn:"):]
            found = [v for v in self.volumes
                     if any(i["identifier"] == wanted for i in v["volumeInfo"]["industryIdentifiers"])]
        else:
            words = _key(q)
            found = [v for v in self.volumes
                     if words in _key(v["volumeInfo"]["title"] + " " + " ".join(v["volumeInfo"]["authors"]))
                     or words in _key(v["volumeInfo"]["title"])]
        body = {"kind": "books#volumes", "totalItems": len(found)}
        page = found[start:start + size]
        if page:
            body["items"] = page
        return 200, body

    def stop(self) -> None:
        if self.server:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


def start_fake_google_books(host: str = "127.0.0.1") -> FakeGoogleBooks:
    """Serves the fake on a free port until `stop()`."""
    fake = FakeGoogleBooks()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            parsed = urlparse(self.path)
            if parsed.path != "/volumes":
                status, body = 404, {"error": {"code": 404, "message": "Not Found"}}
            else:
                status, body = fake.answer(parse_qs(parsed.query, keep_blank_values=True))
            data = json.dumps(body, ensure_ascii=False).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=UTF-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer((host, 0), Handler)
    server.daemon_threads = True
    fake.server = server
    fake.url = f"http://{host}:{server.server_address[1]}"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return fake
