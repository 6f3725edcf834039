"""Request bodies that once stopped the whole process, sent to the real binary.

Two bugs did. MultipartKit 4.7.1 traps on a part-header *name* holding a byte >= 0x80 and on an
empty boundary, and every route that reads a body reached it: bodies are decoded by their declared
Content-Type, so JSON routes did too, and so did the web forms, whose CSRF check reads the body
before the route. And the market's web forms converted a stock of 1e19 to Int. Here every
body-reading route gets those bodies, the number fields get huge values, and then a seeded fuzzer
mutates valid multipart and urlencoded bodies. Every answer must be below 500, every body that can
never be valid must be refused, and the process must outlive it all in bounded memory.

The module runs its own server (no demo data): a crash here must fail these tests, not every
module sharing a server after them. A crash fails the test that caused it and is recorded for the
last test; the server then comes back on the same data and port for the tests that follow.
"""
from __future__ import annotations

import random
import re
import socket
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import quote_plus, urlsplit

import pytest
import requests

from pyhelpers.lessons_api import LessonsAPI, describe
from pyhelpers.lessons_posts import Member, jpeg, new_member
from pyhelpers.market_api import (DATE_SS, DOTORI, MarketAPI, Vendor, check_detail, expect_status, product_params,
                                  registration_body, swift_json, tiny_png, unique_tag)
from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server
from pyhelpers.web_forms import WebVisitor, parse, redirect_path

SEED = 20261123
FUZZ_REQUESTS = 300  # per route group; a few seconds each on a debug build
MAX_RSS_MB = 400
CRLF = b"\r\n"
BOUNDARY = b"sprout-hostile-boundary"
FORM = "application/x-www-form-urlencoded"
CSRF = "hostile-csrf-token"  # anonymous web forms get this as both cookie and field, so they pass
NUMBER_FIELDS = ["price", "discounted_price", "stock"]
# The web sells one item in 원: its forms have no stock field (a posted one is not read).
WEB_NUMBER_FIELDS = ["price", "discounted_price"]
# Typed into a number field of the web forms: beyond Int, negative beyond Int, beyond any Double
# that fits an Int, not numbers at all, and too many digits for anything.
HUGE = ["1e19", "-1e19", "1e308", "nan", "inf", "9" * 400]


# --- The server ------------------------------------------------------------------------------


class Target:
    """This module's server, and what the tests need to know about it."""

    ENV = {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false",
           # No crash backtrace: symbolicating one takes ~15 s, and a crash is the finding here.
           "SWIFT_BACKTRACE": "enable=no",
           # The module's tokens must outlive it even on a slow machine.
           "SPROUT_ACCESS_TOKEN_TTL": "3600"}

    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.server = start_server(workdir, self.ENV)
        self.port = urlsplit(self.server.base_url).port
        self.crashes: list[str] = []

    @property
    def base_url(self) -> str:
        return self.server.base_url

    def revive(self) -> None:
        """Restarts a dead server on the same data (accounts, tokens, sessions) and port."""
        if self.server.process.poll() is not None:
            self.crashes.append(f"found dead, exit {self.server.process.returncode}")
            self.server = start_server(self.workdir, self.ENV, port=self.port)

    def answered(self, send, what: str) -> requests.Response:
        """send()'s response; a connection dropped without an answer fails the test, naming `what`."""
        try:
            return send()
        except requests.ConnectionError:
            pass  # failing outside the except block keeps the report to one line
        self.crashes.append(what)
        pytest.fail(f"{what}: the connection dropped without an answer; process exit code "
                    f"{self.server.process.poll()}\n{self.server.output()[-1500:]}")

    def send(self, method: str, path: str, body: bytes, content_type: str | None, headers: dict) -> requests.Response:
        headers = {**headers, **({"Content-Type": content_type} if content_type else {})}
        return self.answered(
            lambda: requests.request(method, self.base_url + path, data=body, headers=headers, timeout=30,
                                     allow_redirects=False),
            f"{method} {path} Content-Type {content_type!r} body {body[:300]!r}")

    def assert_alive(self, after: str) -> None:
        """The process still runs and /healthz answers 200."""
        try:
            health = requests.get(self.base_url + "/healthz", timeout=15).status_code
        except requests.ConnectionError:
            health = None
        exit_code = self.server.process.poll()
        if exit_code is not None or health != 200:
            self.crashes.append(after)
            pytest.fail(f"after {after}: exit code {exit_code}, /healthz {health}\n{self.server.output()[-1500:]}")

    def stored_files(self) -> int:
        return sum(1 for path in (self.server.data_dir / "uploads").rglob("*") if path.is_file())

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.server.process.pid}/status").read_text()
        return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024


@pytest.fixture(scope="module")
def hostile_server(tmp_path_factory):
    started = Target(tmp_path_factory.mktemp("hostile-bodies"))
    yield started
    started.server.stop()


@pytest.fixture
def target(hostile_server) -> Target:
    hostile_server.revive()
    return hostile_server


# --- Forms and how they are written ------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One form field; a file when it has a file name."""
    name: str
    value: str | bytes
    filename: str | None = None
    content_type: str | None = None

    @property
    def data(self) -> bytes:
        return self.value if isinstance(self.value, bytes) else self.value.encode()


def photo(name: str, data: bytes, filename: str = "IMG_0001.JPG", content_type: str = "image/jpeg") -> Field:
    return Field(name, data, filename, content_type)


def texts(**values: str) -> tuple[Field, ...]:
    return tuple(Field(name, value) for name, value in values.items())


def with_values(fields: tuple[Field, ...], **values: str) -> tuple[Field, ...]:
    return tuple(replace(f, value=values[f.name]) if f.name in values else f for f in fields)


@dataclass
class Part:
    headers: list[tuple[bytes, bytes]]
    body: bytes


def parts_of(fields: tuple[Field, ...]) -> list[Part]:
    """Fresh parts (the fuzzer changes them); names go out as raw UTF-8, as iOS clients send them."""
    parts = []
    for f in fields:
        disposition = f'form-data; name="{f.name}"' + (f'; filename="{f.filename}"' if f.filename else "")
        headers = [(b"Content-Disposition", disposition.encode())]
        if f.content_type:
            headers.append((b"Content-Type", f.content_type.encode()))
        parts.append(Part(headers, f.data))
    return parts


def encode_parts(parts: list[Part], boundary: bytes = BOUNDARY) -> bytes:
    body = b""
    for part in parts:
        head = b"".join(name + b": " + value + CRLF for name, value in part.headers)
        body += b"--" + boundary + CRLF + head + CRLF + part.body + CRLF
    return body + b"--" + boundary + b"--" + CRLF


def multipart_type(boundary: bytes = BOUNDARY) -> str:
    return "multipart/form-data; boundary=" + boundary.decode("latin-1")


def pairs_of(fields: tuple[Field, ...]) -> list[list[bytes]]:
    """The text fields as urlencoded [key, value] pairs, already escaped."""
    return [[quote_plus(f.name).encode(), quote_plus(f.data).encode()] for f in fields if f.filename is None]


def encode_pairs(pairs: list[list[bytes]]) -> bytes:
    return b"&".join(key + b"=" + value for key, value in pairs)


@dataclass
class Route:
    method: str
    path: str
    fields: tuple[Field, ...]  # a body the route accepts, or refuses only for what the route checks
    headers: dict = field(default_factory=dict)
    accepted: tuple[int, ...] = (200,)  # what it answers when it takes a body (web forms redirect)
    weight: float = 1.0  # share of the fuzzer's requests

    def send(self, target: Target, body: bytes, content_type: str | None) -> requests.Response:
        return target.send(self.method, self.path, body, content_type, self.headers)

    def send_multipart(self, target: Target, fields: tuple[Field, ...] | None = None) -> requests.Response:
        return self.send(target, encode_parts(parts_of(fields or self.fields)), multipart_type())

    def send_form(self, target: Target, fields: tuple[Field, ...] | None = None) -> requests.Response:
        return self.send(target, encode_pairs(pairs_of(fields or self.fields)), FORM)


# --- Who sends them --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def market(hostile_server) -> MarketAPI:
    return MarketAPI(hostile_server.base_url)


@pytest.fixture(scope="module")
def vendor(market) -> Vendor:
    return market.new_vendor()


@pytest.fixture(scope="module")
def api_product(market, vendor) -> dict:
    return market.product(market.create_product(vendor)["id"])


@pytest.fixture(scope="module")
def member(hostile_server) -> Member:
    return new_member(LessonsAPI(hostile_server.base_url, hostile_server.server.dev_key()))


SELL_FORM = texts(name="Oak chair", price="30000", currency="KRW", discounted_price="0", stock="4",
                  description="Solid oak, lightly used.")
CHAIR_PHOTO = photo("images", tiny_png(), "chair.png", "image/png")
# Fixed bytes (jpeg() draws a colour per call), so that a seed mutates the same bodies every run.
LESSON_JPEG = jpeg(color=(90, 60, 30))


@pytest.fixture(scope="module")
def web_vendor(hostile_server) -> WebVisitor:
    """Signed up on the web and a vendor through /market/vendor, as a browser without JavaScript."""
    visitor, tag = WebVisitor(hostile_server.base_url), unique_tag()
    assert redirect_path(visitor.sign_up(f"도토리{tag}", f"hostile-{tag}@example.com", f"pw-{tag}-secret")) == "/"
    became = visitor.submit("/market/vendor", "form#vendor-form", {"name": f"다람쥐{tag}"})
    assert became.status_code == 200 and parse(became).select_one("code#vendor-identifier"), describe(became)
    return visitor


def signed_in(visitor: WebVisitor) -> tuple[dict, Field]:
    """The visitor's cookies as a header, and the `_csrf` field its forms carry."""
    cookies = visitor.http.cookies
    header = "; ".join(f"{name}={value}" for name, value in cookies.items())
    return {"Cookie": header}, Field("_csrf", cookies["sprout-csrf"])


def web_sell(visitor: WebVisitor) -> Route:
    headers, csrf = signed_in(visitor)
    return Route("POST", "/market/sell", (csrf, *SELL_FORM, CHAIR_PHOTO), headers, (303,))


@pytest.fixture(scope="module")
def web_product(hostile_server, market, web_vendor) -> dict:
    """A product sold through the web form, as stored."""
    sold = web_sell(web_vendor).send_multipart(hostile_server)
    return market.product(redirect_path(sold).rsplit("/", 1)[1])


GROUPS = {
    "anonymous": ["api-products", "api-auth-login", "api-auth-join", "web-login", "web-signup", "web-sell-anonymous"],
    "lessons": ["v1-users-login", "v1-posts", "v1-posts-files", "v1-profile"],
    "market": ["api-register", "api-edit", "web-sell", "web-edit", "web-report"],
}
ALL_ROUTES = [name for names in GROUPS.values() for name in names]


@pytest.fixture(scope="module")
def routes(hostile_server, member, vendor, api_product, web_vendor, web_product) -> dict[str, Route]:
    """Every route that reads a body, with a body it accepts. Login and sign-up bodies fail their
    checks before bcrypt (an empty password, no name, a short password) so the fuzzer stays fast;
    the web login always costs a hash, so it gets a small share."""
    anonymous = {"Cookie": f"sprout-csrf={CSRF}"}
    csrf = Field("_csrf", CSRF)
    lessons = {"SesacKey": hostile_server.server.dev_key(), "Authorization": member.token}
    web, web_csrf = signed_in(web_vendor)
    shop = {"identifier": vendor.identifier}

    def params(**extra) -> Field:
        body = swift_json({**product_params(name="Walnut stool"), **extra})
        return Field("params", body, content_type="application/json")

    found = {
        "api-products": Route("POST", "/api/products", (params(), CHAIR_PHOTO), anonymous),
        "api-auth-login": Route("POST", "/api/auth/login", texts(email="nobody@example.com", password="")),
        "api-auth-join": Route("POST", "/api/auth/join",
                               texts(email="new@example.com", password="pw-long-enough", name="")),
        "web-login": Route("POST", "/login", (csrf, *texts(email="nobody@example.com", password="pw")), anonymous,
                           (303,), weight=0.1),
        "web-signup": Route("POST", "/signup", (csrf, *texts(name="새싹", email="new@example.com", password="short")),
                            anonymous, (303,)),
        # Sends anyone signed out to /login: it never takes a body.
        "web-sell-anonymous": Route("POST", "/market/sell", (csrf, *SELL_FORM, CHAIR_PHOTO), anonymous, ()),
        "v1-users-login": Route("POST", "/v1/users/login", texts(email="nobody@example.com", password=""),
                                {"SesacKey": lessons["SesacKey"]}),
        "v1-posts": Route("POST", "/v1/posts", texts(title="첼로 레슨", price="50000", content="주 1회 #첼로",
                                                     product_id="sprout-hostile"), lessons),
        "v1-posts-files": Route("POST", "/v1/posts/files", (photo("files", LESSON_JPEG),) * 2, lessons),
        "v1-profile": Route("PUT", "/v1/users/me/profile", (*texts(phoneNum="01012345678"), photo("profile", LESSON_JPEG)),
                            lessons),
        "api-register": Route("POST", "/api/products", (params(secret=vendor.secret), CHAIR_PHOTO), shop),
        "api-edit": Route("PATCH", f"/api/products/{api_product['id']}",
                          texts(secret=vendor.secret, name="Edited chair", price="30000", discounted_price="0",
                                stock="4"), shop),
        "web-sell": web_sell(web_vendor),
        "web-edit": Route("POST", f"/market/products/{web_product['id']}/edit", (web_csrf, *SELL_FORM), web, (303,)),
        # Someone else's listing: the web vendor may report it.
        "web-report": Route("POST", f"/market/products/{api_product['id']}/report",
                            (web_csrf, *texts(reason="fraud", note="선입금을 요구해요")), web, (200,)),
    }
    assert list(found) == ALL_ROUTES
    return found


def assert_refused(response: requests.Response) -> None:
    assert 400 <= response.status_code < 500, describe(response)


# --- 1. The bodies that trapped MultipartKit ---------------------------------------------------


def trap_body(route: Route, trap: str) -> tuple[str, bytes]:
    """(Content-Type, body): the bare trap, or the route's own valid form made to trap."""
    parts = parts_of(route.fields)
    if trap == "bare-high-byte-name":
        return multipart_type(b"B"), b"--B\r\n\x80\r\n\r\nv\r\n--B--"
    if trap == "high-byte-in-a-header-name":  # "Content-Dispoésition" on the last part
        name, value = parts[-1].headers[0]
        parts[-1].headers[0] = (name[:13] + "é".encode() + name[13:], value)
        return multipart_type(), encode_parts(parts)
    parameter = {"empty-boundary": "", "quoted-empty-boundary": '""'}[trap]
    return "multipart/form-data; boundary=" + parameter, encode_parts(parts, b"")


TRAPS = ["bare-high-byte-name", "high-byte-in-a-header-name", "empty-boundary", "quoted-empty-boundary"]


@pytest.mark.parametrize("trap", TRAPS)
@pytest.mark.parametrize("name", ALL_ROUTES)
def test_a_body_that_trapped_multipartkit_is_refused(target, routes, name, trap):
    route = routes[name]
    content_type, body = trap_body(route, trap)
    assert_refused(route.send(target, body, content_type))
    target.assert_alive(f"{name} {trap}")


def send_in_pieces(target: Target, route: Route, content_type: str, body: bytes) -> int | None:
    """Sends `body` over a raw socket one byte per chunk (Transfer-Encoding: chunked), so it
    arrives across many reads rather than in the first (the path where the CSRF middleware collects
    the body itself); returns the status answered, or None if the connection closed silently."""
    url = urlsplit(target.base_url)
    head = [f"{route.method} {route.path} HTTP/1.1", f"Host: {url.netloc}", f"Content-Type: {content_type}",
            "Transfer-Encoding: chunked", "Connection: close", *(f"{k}: {v}" for k, v in route.headers.items())]
    with socket.create_connection((url.hostname, url.port), timeout=15) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            sock.sendall("\r\n".join(head).encode() + CRLF + CRLF)
            for byte in body:
                sock.sendall(b"1\r\n" + bytes([byte]) + CRLF)
                time.sleep(0.002)
            sock.sendall(b"0\r\n\r\n")
        except OSError:
            pass  # a server may answer and close before the whole body is sent
        status_line = sock.makefile("rb").readline().split()
    return int(status_line[1]) if len(status_line) > 1 and status_line[0].startswith(b"HTTP/") else None


@pytest.mark.parametrize("name", ["web-login", "api-auth-login", "v1-posts-files", "web-sell"])
def test_a_trap_body_arriving_in_pieces_is_refused(target, routes, name):
    status = send_in_pieces(target, routes[name], multipart_type(b"B"), b"--B\r\n\x80\r\n\r\nv\r\n--B--")
    target.assert_alive(f"{name}, trap body sent one byte per chunk")
    assert status is not None and 400 <= status < 500, f"{name}: answered {status}"


# --- 2. Huge numbers -------------------------------------------------------------------------


def assert_refused_next_to(response: requests.Response, field_name: str, value: str) -> None:
    """400 with the form again: the field keeps what was typed and has its error next to it."""
    assert response.status_code == 400, describe(response)
    found = parse(response).select_one(f"form#product-form input[name={field_name}]")
    assert found is not None, describe(response)
    assert (found.get("value"), found.get("aria-invalid")) == (value, "true"), str(found)
    error = found.find_parent(class_="field").select_one(".field-error")
    assert error is not None and error.get_text(strip=True), f"no error next to {field_name}: {describe(response)}"


CHANGEABLE = ("name", "description", "currency", "price", "discounted_price", "stock", "thumbnail", "images")


def assert_unchanged(market: MarketAPI, product: dict) -> None:
    now = market.product(product["id"])
    assert {k: now[k] for k in CHANGEABLE} == {k: product[k] for k in CHANGEABLE}


@pytest.mark.parametrize("value", HUGE)
@pytest.mark.parametrize("field_name", WEB_NUMBER_FIELDS)
def test_the_web_sell_form_refuses_a_huge_number_by_field(target, routes, market, field_name, value):
    route = routes["web-sell"]
    count, files = market.total_count(), target.stored_files()
    response = route.send_multipart(target, with_values(route.fields, **{field_name: value}))
    assert_refused_next_to(response, field_name, value)
    assert (market.total_count(), target.stored_files()) == (count, files), "a refused sale stored something"
    target.assert_alive(f"selling with {field_name}={value}")


@pytest.mark.parametrize("value", HUGE)
@pytest.mark.parametrize("field_name", WEB_NUMBER_FIELDS)
def test_the_web_edit_form_refuses_a_huge_number_by_field(target, routes, market, web_product, field_name, value):
    route = routes["web-edit"]
    response = route.send_form(target, with_values(route.fields, **{field_name: value}))
    assert_refused_next_to(response, field_name, value)
    assert_unchanged(market, web_product)
    target.assert_alive(f"editing with {field_name}={value}")


# JSON number literals (json.dumps would write them otherwise) and a numeric string, which prices may be.
API_HUGE = ["1e308", "1e19", "-1e19", '"1e308"']


def json_with(body: dict, field_name: str, literal: str) -> bytes:
    return swift_json({**body, field_name: "@"}).replace(b'"@"', literal.encode())


@pytest.mark.parametrize("literal", API_HUGE)
@pytest.mark.parametrize("field_name", NUMBER_FIELDS)
def test_the_api_refuses_a_huge_number_on_register(target, market, vendor, field_name, literal):
    count, files = market.total_count(), target.stored_files()
    params = json_with({**product_params(), "secret": vendor.secret}, field_name, literal)
    assert_refused(target.answered(lambda: market.register(vendor.identifier, params, [tiny_png()]),
                                   f"POST /api/products with {field_name}: {literal}"))
    assert (market.total_count(), target.stored_files()) == (count, files), "a refused registration stored something"
    target.assert_alive(f"registering with {field_name}: {literal}")


@pytest.mark.parametrize("literal", API_HUGE)
@pytest.mark.parametrize("field_name", NUMBER_FIELDS)
def test_the_api_refuses_a_huge_number_on_edit(target, market, vendor, api_product, field_name, literal):
    body = json_with({"secret": vendor.secret}, field_name, literal)
    assert_refused(target.answered(lambda: market.edit(vendor.identifier, api_product["id"], body),
                                   f"PATCH /api/products/{api_product['id']} with {field_name}: {literal}"))
    assert_unchanged(market, api_product)
    target.assert_alive(f"editing with {field_name}: {literal}")


# --- Real clients still get through ------------------------------------------------------------


def test_a_korean_image_file_name_still_registers(target, market, vendor):
    """Dotori names photos `<product name>-<n>.jpeg`, so a Korean product's image part carries a
    raw UTF-8 file name in Content-Disposition: a header value, which the fix lets through."""
    params = {**product_params(name="도토리 모자"), "secret": vendor.secret}
    content_type, body = registration_body(params, [tiny_png()], DOTORI)
    assert 'filename="도토리 모자-1.jpeg"'.encode() in body
    response = target.answered(lambda: market.register_raw(vendor.identifier, body, content_type), "Korean file name")
    expect_status(response, 200)
    assert check_detail(response.json(), DATE_SS)["name"] == "도토리 모자"


def test_a_korean_photo_file_name_still_uploads(target, routes):
    response = routes["v1-posts-files"].send_multipart(target, (photo("files", jpeg(), "레슨 사진.jpg", "image/jpg"),))
    expect_status(response, 200)


# The fuzzer's starting bodies get past the parser to the route's own work, so mutations of them
# test more than the parser's first bytes. The API's edit reads JSON only, so a form sent to it
# (as the form fuzzer does) is refused for its media type before it is read.
STARTING_BODIES = [("api-register", "multipart"), ("web-sell", "multipart"), ("v1-posts-files", "multipart"),
                   ("v1-profile", "multipart"), ("web-edit", "form")]


@pytest.mark.parametrize("name,encoding", STARTING_BODIES)
def test_the_fuzzers_starting_bodies_are_accepted(target, routes, name, encoding):
    route = routes[name]
    response = route.send_multipart(target) if encoding == "multipart" else route.send_form(target)
    assert response.status_code in route.accepted, describe(response)


# --- 3. The fuzzer ---------------------------------------------------------------------------
# Each mutation takes fresh parts (or pairs) of a route's valid body and returns (body, Content-Type,
# whether no body like it can ever be valid, so the route must not take it). One per request, so
# that a later mutation cannot undo what makes an earlier one invalid.

ODD_BYTES = [0x0D, 0x0A, 0x3A, 0x00]  # CR, LF, colon, NUL
KOREAN_NAMES = ["사진.jpg", "프로필 사진 (1).jpeg", "레슨_자료.JPG", "도토리🐿.png", "한글" * 60 + ".jpg"]


def insert(rng: random.Random, data: bytes, extra: bytes) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + extra + data[at:]


def any_header(rng: random.Random, parts: list[Part]) -> tuple[Part, int]:
    part = rng.choice(parts)
    return part, rng.randrange(len(part.headers))


def high_byte_in_header_name(rng, parts):
    part, i = any_header(rng, parts)
    name, value = part.headers[i]
    part.headers[i] = (insert(rng, name, bytes([rng.randrange(0x80, 0x100)])), value)
    return encode_parts(parts), multipart_type(), True


def odd_byte_in_header(rng, parts):
    """CR, LF, colon or NUL in a header name or value, or a high byte in a value."""
    part, i = any_header(rng, parts)
    name, value = part.headers[i]
    byte = bytes([rng.choice(ODD_BYTES + [rng.randrange(0x80, 0x100)])])
    part.headers[i] = (insert(rng, name, byte), value) if byte[0] < 0x80 and rng.random() < 0.5 \
        else (name, insert(rng, value, byte))
    return encode_parts(parts), multipart_type(), False


def korean_file_name(rng, parts):
    part = rng.choice(parts)
    name, disposition = part.headers[0]
    disposition = re.sub(rb'; filename="[^"]*"', b"", disposition)
    part.headers[0] = (name, disposition + b'; filename="' + rng.choice(KOREAN_NAMES).encode() + b'"')
    return encode_parts(parts), multipart_type(), False


def many_parts(rng, parts):
    extra = [Part([(b"Content-Disposition", f'form-data; name="extra{n}"'.encode())], b"x")
             for n in range(rng.randint(50, 400))]
    return encode_parts(parts + extra), multipart_type(), False


def duplicate_boundaries(rng, parts):
    body = encode_parts(parts)
    for _ in range(rng.randint(1, 4)):
        line = rng.choice([b"--", b"\r\n--"]) + BOUNDARY + rng.choice([b"\r\n", b"--\r\n", b"--", b""])
        body = insert(rng, body, line)
    return body, multipart_type(), False


def truncated(rng, parts):
    body = encode_parts(parts)
    return body[:rng.randrange(len(body))], multipart_type(), False


def flipped_bytes(rng, parts):
    body = bytearray(encode_parts(parts))
    for _ in range(rng.randint(1, 8)):
        body[rng.randrange(len(body))] = rng.choice(ODD_BYTES + [rng.randrange(0x80, 0x100)])
    return bytes(body), multipart_type(), False


# (boundary parameter, boundary the body uses, must be refused): empty ones trapped the parser.
BOUNDARIES = [("", b"", True), ('""', b"", True), ("x" * 200, b"x" * 200, False), ('"a b:c"', b"a b:c", False),
              ("\xff\xfe", b"\xff\xfe", False), ("--", b"--", False), (BOUNDARY.decode(), b"other", False)]


def odd_boundary(rng, parts):
    parameter, boundary, refused = rng.choice(BOUNDARIES)
    return encode_parts(parts, boundary), "multipart/form-data; boundary=" + parameter, refused


MULTIPART_MUTATIONS = [high_byte_in_header_name, odd_byte_in_header, korean_file_name, many_parts,
                       duplicate_boundaries, truncated, flipped_bytes, odd_boundary]

# Out of range for every number field: beyond the largest price, negative, beyond Double, not a number.
HUGE_TEXTS = [b"1e19", b"-1e19", b"1e308", b"1e999", b"nan", b"inf", b"-inf", b"9" * 400, b"0x1p1023"]


def huge_number(rng, pairs):
    """A huge number in any field; in a number field no body like it is valid."""
    pair = rng.choice(pairs)
    pair[1] = rng.choice(HUGE_TEXTS)
    return encode_pairs(pairs), FORM, pair[0].decode() in NUMBER_FIELDS


def spliced(rng, pairs, pieces: list[bytes]):
    """One of `pieces` put inside a key or a value."""
    pair = rng.choice(pairs)
    side = rng.randrange(2)
    pair[side] = insert(rng, pair[side], rng.choice(pieces))
    return encode_pairs(pairs), FORM, False


def bad_escape(rng, pairs):
    """A percent sign without two hex digits after it."""
    return spliced(rng, pairs, [b"%", b"%G", b"%zz", b"%e", b"%%", b"%0"])


def bad_utf8(rng, pairs):
    """Escaped and raw bytes that are no UTF-8: stray, truncated, overlong, a lone surrogate."""
    return spliced(rng, pairs, [b"%FF", b"%C3%28", b"%ED%A0%80", b"%C0%AF", b"\xff", b"\xc3"])


def deep_key(rng, pairs):
    """`a[b][b]…` a few levels or thousands deep, under a new name or one the route reads."""
    depth = rng.choice([rng.randint(1, 40), rng.randint(100, 5000)])
    key = rng.choice([b"a", rng.choice(pairs)[0]]) + rng.choice([b"[b]", b"[]", b"%5Bb%5D", b"["]) * depth
    pairs.insert(rng.randrange(len(pairs) + 1), [key, b"1"])
    return encode_pairs(pairs), FORM, False


def repeated_keys(rng, pairs):
    pairs += [list(rng.choice(pairs)) for _ in range(rng.randint(2, 500))]
    rng.shuffle(pairs)
    return encode_pairs(pairs), FORM, False


FORM_MUTATIONS = [huge_number, bad_escape, bad_utf8, deep_key, repeated_keys]


def fuzz(target: Target, routes: list[Route], mutations, encode, seed: str) -> None:
    """FUZZ_REQUESTS mutated bodies over `routes` (by weight). Each answer is below 500, no route
    takes a body that can never be valid, and afterwards the process is alive. A wrong answer does
    not stop the run: a crash further on matters more, and the count shows how common it is."""
    rng = random.Random(f"{SEED}-{seed}")
    wrong = []
    for n in range(FUZZ_REQUESTS):
        route = rng.choices(routes, weights=[r.weight for r in routes])[0]
        mutation = rng.choice(mutations)
        body, content_type, must_refuse = mutation(rng, encode(route.fields))
        response = route.send(target, body, content_type)
        if response.status_code >= 500 or (must_refuse and response.status_code in route.accepted):
            wrong.append(f"request {n} ({mutation.__name__}): {route.method} {route.path} Content-Type "
                         f"{content_type!r} body {body[:400]!r} -> {response.status_code} {response.text[:200]!r}")
    target.assert_alive(f"fuzzing {seed}")
    assert not wrong, f"seed {seed!r}: {len(wrong)} of {FUZZ_REQUESTS} answers wrong, first:\n" + "\n".join(wrong[:3])


@pytest.mark.parametrize("group", GROUPS)
def test_fuzzed_multipart_bodies(target, routes, group):
    fuzz(target, [routes[name] for name in GROUPS[group]], MULTIPART_MUTATIONS, parts_of, f"multipart-{group}")


def test_fuzzed_urlencoded_bodies(target, routes):
    with_text = [routes[name] for name in ALL_ROUTES if pairs_of(routes[name].fields)]  # not the photo upload
    fuzz(target, with_text, FORM_MUTATIONS, pairs_of, "urlencoded")


# --- Last -----------------------------------------------------------------------------------


def test_the_server_outlived_every_body_in_bounded_memory(target):
    assert not target.crashes, f"the server died: {target.crashes}"
    target.assert_alive("the whole module")
    assert target.rss_mb() < MAX_RSS_MB, f"RSS {target.rss_mb():.0f} MB"
