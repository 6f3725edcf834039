"""A client of the open-market contract (shared/specs/market-api.md) that sends what Dotori Market
and its sibling clients send, byte for byte, and decodes answers the way their Codable types do.

Multipart bodies are built by hand because the clients differ in the small print:

* Dotori and Jager: boundary = an upper-case UUID, `Content-Type: application/json` on the `params`
  part, *two* CRLFs after every part body (so each body reaches the server with a trailing CRLF),
  and a closing `--<boundary>--` with no CRLF after it. Dotori names files `<name>-<n>.jpeg`,
  Jager `<UUID>.jpeg`.
* rhovin-style clients: no Content-Type on `params`, the textbook single CRLF, a closing CRLF.

Images are always parts named `images` (repeated, never `images[]`) typed `image/jpeg`.
"""
from __future__ import annotations

import json
import re
import struct
import uuid
import zlib
from dataclasses import dataclass
from pathlib import Path

import requests

from pyhelpers.lessons_api import describe
from pyhelpers.sprout_server import REPO_ROOT

FIXTURES = REPO_ROOT / "Tests/Fixtures/images"
CRLF = b"\r\n"

# 2022b list/detail/edit dates, and the registration response Dotori decodes with `.SS`.
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$")
DATE_SS = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{2}$")
IDENTIFIER = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$")

LIST_ITEM_KEYS = {
    "id", "vendor_id", "vendorName", "name", "description", "thumbnail", "currency", "price",
    "bargain_price", "discounted_price", "stock", "created_at", "issued_at",
}
DETAIL_KEYS = {
    "id", "vendor_id", "name", "description", "thumbnail", "currency", "price", "bargain_price",
    "discounted_price", "stock", "created_at", "issued_at", "images", "vendors",
}
IMAGE_KEYS = {"id", "url", "thumbnail_url", "issued_at", "succeed"}
VENDOR_KEYS = {"id", "name", "created_at", "issued_at"}
PAGE_KEYS_2022B = {"pageNo", "itemsPerPage", "totalCount", "offset", "limit", "lastPage", "hasNext", "hasPrev", "pages"}
PAGE_KEYS_2022A = {"page_no", "items_per_page", "total_count", "last_page", "has_next", "has_prev"}
# The same fact under its 2022b and 2022a key.
PAGE_KEY_PAIRS = [("pageNo", "page_no"), ("itemsPerPage", "items_per_page"), ("totalCount", "total_count"),
                  ("lastPage", "last_page"), ("hasNext", "has_next"), ("hasPrev", "has_prev")]


# ---------------------------------------------------------------------------------------------
# Images


def fixture_image(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def tiny_png(width: int = 8, height: int = 6, rgb: tuple[int, int, int] = (200, 120, 40)) -> bytes:
    """A valid truecolour PNG made with zlib and struct only."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    row = b"\x00" + bytes(rgb) * width
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height))
            + chunk(b"IEND", b""))


def jpeg_size(data: bytes) -> tuple[int, int]:
    """(width, height) from the first SOF marker of a JPEG."""
    assert data[:2] == b"\xff\xd8", "not a JPEG"
    i = 2
    while i + 4 <= len(data):
        if data[i] != 0xFF:
            i += 1
            continue
        marker = data[i + 1]
        if marker == 0xFF:
            i += 1
            continue
        if marker in (0x01, 0xD8) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return width, height
        i += 2 + length
    raise AssertionError("JPEG has no SOF marker")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def image_size(data: bytes) -> tuple[int, int]:
    return jpeg_size(data) if data[:2] == b"\xff\xd8" else png_size(data)


# ---------------------------------------------------------------------------------------------
# Multipart, as each client writes it


@dataclass(frozen=True)
class ClientStyle:
    name: str
    params_content_type: bool      # `Content-Type: application/json` on the params part
    after_body: bytes              # what follows each part body
    closing: bytes                 # what follows `--<boundary>--`
    uuid_filenames: bool           # `<UUID>.jpeg` rather than Dotori's `<name>-<n>.jpeg`

    def boundary(self) -> str:
        return str(uuid.uuid4()).upper()

    def filename(self, product_name: str, n: int) -> str:
        return f"{str(uuid.uuid4()).upper()}.jpeg" if self.uuid_filenames else f"{product_name}-{n}.jpeg"


DOTORI = ClientStyle("dotori", True, CRLF + CRLF, b"", uuid_filenames=False)
JAGER = ClientStyle("jager", True, CRLF + CRLF, b"", uuid_filenames=True)
RHOVIN = ClientStyle("rhovin", False, CRLF, CRLF, uuid_filenames=True)
STYLES = [DOTORI, JAGER, RHOVIN]


def swift_json(value) -> bytes:
    """JSON as Swift's JSONEncoder writes it: compact, whole Doubles without `.0`, `/` escaped."""
    def normalise(v):
        if isinstance(v, float) and v.is_integer():
            return int(v)
        if isinstance(v, dict):
            return {k: normalise(x) for k, x in v.items()}
        if isinstance(v, list):
            return [normalise(x) for x in v]
        return v
    text = json.dumps(normalise(value), ensure_ascii=False, separators=(",", ":"))
    return text.replace("/", "\\/").encode()


def multipart_part(boundary: str, disposition: str, body: bytes, content_type: str | None,
                   after_body: bytes) -> bytes:
    head = b"--" + boundary.encode() + CRLF + b"Content-Disposition: " + disposition.encode("utf-8") + CRLF
    if content_type is not None:
        head += b"Content-Type: " + content_type.encode() + CRLF
    return head + CRLF + body + after_body


def registration_body(params, images: list[bytes], style: ClientStyle = DOTORI, *,
                      boundary: str | None = None, image_type: str = "image/jpeg") -> tuple[str, bytes]:
    """(Content-Type header, body) of a registration as `style` sends it. `params` may be a dict
    (encoded as Swift would) or raw bytes."""
    boundary = boundary or style.boundary()
    params_bytes = params if isinstance(params, bytes) else swift_json(params)
    product_name = params.get("name", "product") if isinstance(params, dict) else "product"
    body = multipart_part(boundary, 'form-data; name="params"', params_bytes,
                          "application/json" if style.params_content_type else None, style.after_body)
    for n, image in enumerate(images, start=1):
        disposition = f'form-data; name="images"; filename="{style.filename(str(product_name), n)}"'
        body += multipart_part(boundary, disposition, image, image_type, style.after_body)
    body += b"--" + boundary.encode() + b"--" + style.closing
    return f"multipart/form-data; boundary={boundary}", body


# ---------------------------------------------------------------------------------------------
# Decoding as the clients' Codable types do (Int must be an integer, Double any number, …)


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def check_list_item(item: dict) -> dict:
    assert isinstance(item, dict), item
    assert set(item) == LIST_ITEM_KEYS, f"list item keys {sorted(item)}"
    _check_product_fields(item, DATE)
    assert isinstance(item["vendorName"], str) and item["vendorName"], item
    return item


def check_page(page: dict) -> dict:
    """Both the 2022b camelCase and the 2022a snake_case page keys, agreeing with each other."""
    assert isinstance(page, dict), page
    missing = (PAGE_KEYS_2022B | PAGE_KEYS_2022A) - set(page)
    assert not missing, f"page lacks {sorted(missing)}"
    for camel, snake in PAGE_KEY_PAIRS:
        assert page[camel] == page[snake], f"{camel}={page[camel]!r} but {snake}={page[snake]!r}"
    for key in ("pageNo", "itemsPerPage", "totalCount", "offset", "limit", "lastPage"):
        assert _is_int(page[key]), f"{key}={page[key]!r}"
    for key in ("hasNext", "hasPrev"):
        assert isinstance(page[key], bool), f"{key}={page[key]!r}"
    assert isinstance(page["pages"], list)
    for item in page["pages"]:
        check_list_item(item)
    return page


def check_detail(detail: dict, date=DATE) -> dict:
    """A product detail as Dotori's ProductDetailResponse decodes it, every Date with `date`."""
    assert isinstance(detail, dict), detail
    assert set(detail) == DETAIL_KEYS, f"detail keys {sorted(detail)}"
    _check_product_fields(detail, date)
    images = detail["images"]
    assert isinstance(images, list) and 1 <= len(images) <= 5, images
    for image in images:
        assert set(image) == IMAGE_KEYS, f"image keys {sorted(image)}"
        assert _is_int(image["id"]), image
        assert isinstance(image["url"], str) and image["url"].startswith("http"), image
        assert isinstance(image["thumbnail_url"], str) and image["thumbnail_url"].startswith("http"), image
        assert isinstance(image["issued_at"], str) and date.match(image["issued_at"]), image
        assert image["succeed"] is True, image
    assert len({image["id"] for image in images}) == len(images), "image ids repeat"
    assert detail["thumbnail"] == images[0]["thumbnail_url"]
    vendor = detail["vendors"]
    assert isinstance(vendor, dict) and set(vendor) == VENDOR_KEYS, f"vendors {vendor!r}"
    assert _is_int(vendor["id"]) and vendor["id"] == detail["vendor_id"], vendor
    assert isinstance(vendor["name"], str) and vendor["name"], vendor
    for key in ("created_at", "issued_at"):
        assert isinstance(vendor[key], str) and date.match(vendor[key]), vendor
    return detail


def _check_product_fields(product: dict, date) -> None:
    for key in ("id", "vendor_id", "stock"):
        assert _is_int(product[key]), f"{key}={product[key]!r}"
    for key in ("name", "description", "thumbnail"):
        assert isinstance(product[key], str), f"{key}={product[key]!r}"
    assert product["name"], product
    assert product["thumbnail"].startswith(("http://", "https://")), product["thumbnail"]
    assert product["currency"] in ("KRW", "USD"), product["currency"]
    for key in ("price", "bargain_price", "discounted_price"):
        assert _is_number(product[key]), f"{key}={product[key]!r}"
    assert abs(product["bargain_price"] - (product["price"] - product["discounted_price"])) < 1e-6, product
    assert product["stock"] >= 0
    for key in ("created_at", "issued_at"):
        assert isinstance(product[key], str) and date.match(product[key]), f"{key}={product[key]!r}"


def expect_status(response: requests.Response, status: int) -> None:
    assert response.status_code == status, describe(response)


def expect_error(response: requests.Response, status: int) -> dict:
    """Market errors are `{"error": true, "reason": "..."}`."""
    expect_status(response, status)
    body = response.json()
    assert isinstance(body, dict) and body.get("error") is True, describe(response)
    assert isinstance(body.get("reason"), str) and body["reason"], describe(response)
    return body


# ---------------------------------------------------------------------------------------------
# The client


@dataclass
class Vendor:
    vendor_id: int
    name: str
    identifier: str
    secret: str
    token: str
    email: str
    password: str


def unique_tag() -> str:
    return uuid.uuid4().hex[:10]


def product_params(**overrides) -> dict:
    """A valid 2022b `params` object, in the key order Dotori writes (without the secret)."""
    params = {"name": f"Walnut stool {unique_tag()}", "description": "Lightly used, no scratches.",
              "price": 30000.0, "currency": "KRW", "discounted_price": 3000.0, "stock": 4}
    params.update(overrides)
    return {k: v for k, v in params.items() if v is not None}


class MarketAPI:
    def __init__(self, base_url: str):
        self.base_url = base_url
        self.http = requests.Session()

    def request(self, method: str, path: str, *, identifier: str | None = None,
                headers: dict | None = None, **kwargs) -> requests.Response:
        headers = dict(headers or {})
        if identifier is not None:
            headers["identifier"] = identifier
        return self.http.request(method, self.base_url + path, headers=headers, timeout=30, **kwargs)

    # Sprout's own account and vendor endpoints

    def join(self, email: str, password: str, name: str) -> requests.Response:
        return self.request("POST", "/api/auth/join", json={"email": email, "password": password, "name": name})

    def login(self, email: str, password: str) -> requests.Response:
        return self.request("POST", "/api/auth/login", json={"email": email, "password": password})

    def new_user(self) -> tuple[str, str, str]:
        """(email, password, accessToken) of a fresh account."""
        tag = unique_tag()
        email, password = f"seller-{tag}@example.com", f"pw-{tag}-long"
        response = self.join(email, password, f"seller{tag}")
        expect_status(response, 200)
        return email, password, response.json()["accessToken"]

    def become_vendor(self, token: str | None, name) -> requests.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return self.request("POST", "/api/market/vendor", headers=headers, json={"name": name})

    def new_vendor(self, name: str | None = None) -> Vendor:
        email, password, token = self.new_user()
        name = name or f"acorn{unique_tag()}"
        response = self.become_vendor(token, name)
        expect_status(response, 200)
        body = response.json()
        return Vendor(body["vendor_id"], body["name"], body["identifier"], body["secret"], token, email, password)

    def authed(self, method: str, path: str, token: str | None, **kwargs) -> requests.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return self.request(method, path, headers=headers, **kwargs)

    # The open-market contract

    def health(self, **kwargs) -> requests.Response:
        return self.request("GET", "/healthChecker", **kwargs)

    def list_page(self, page_no=1, items_per_page=20, search_value=None, *, dotori_header: bool = True,
                  **kwargs) -> requests.Response:
        """`GET /api/products`, with the multipart Content-Type Dotori puts on GETs by default."""
        query = f"page_no={page_no}&items_per_page={items_per_page}"
        if search_value is not None:
            query += "&search_value=" + requests.utils.quote(search_value)
        return self.request("GET", "/api/products?" + query, headers=_dotori_get_headers(dotori_header), **kwargs)

    def page(self, page_no=1, items_per_page=20, search_value=None) -> dict:
        response = self.list_page(page_no, items_per_page, search_value)
        expect_status(response, 200)
        return check_page(response.json())

    def total_count(self) -> int:
        return self.page(1, 1)["totalCount"]

    def detail(self, product_id, *, trailing_slash: bool = False, dotori_header: bool = True) -> requests.Response:
        path = f"/api/products/{product_id}" + ("/" if trailing_slash else "")
        return self.request("GET", path, headers=_dotori_get_headers(dotori_header))

    def product(self, product_id) -> dict:
        response = self.detail(product_id)
        expect_status(response, 200)
        return check_detail(response.json())

    def register(self, identifier: str | None, params, images: list[bytes], style: ClientStyle = DOTORI,
                 **kwargs) -> requests.Response:
        content_type, body = registration_body(params, images, style, **kwargs)
        return self.register_raw(identifier, body, content_type)

    def register_raw(self, identifier: str | None, body: bytes, content_type: str | None) -> requests.Response:
        headers = {"Content-Type": content_type} if content_type else {}
        return self.request("POST", "/api/products", identifier=identifier, headers=headers, data=body)

    def create_product(self, vendor: Vendor, images: list[bytes] | None = None,
                       style: ClientStyle = DOTORI, **overrides) -> dict:
        params = {**product_params(**overrides), "secret": vendor.secret}
        response = self.register(vendor.identifier, params, images or [tiny_png()], style)
        expect_status(response, 200)
        return check_detail(response.json(), DATE_SS)

    def edit(self, identifier: str | None, product_id, body) -> requests.Response:
        data = body if isinstance(body, bytes) else swift_json(body)
        return self.request("PATCH", f"/api/products/{product_id}", identifier=identifier,
                            headers={"Content-Type": "application/json"}, data=data)

    def archived(self, identifier: str | None, product_id, body) -> requests.Response:
        data = body if isinstance(body, bytes) else swift_json(body)
        return self.request("POST", f"/api/products/{product_id}/archived", identifier=identifier,
                            headers={"Content-Type": "application/json"}, data=data)

    def product_secret(self, identifier: str | None, product_id, body) -> requests.Response:
        data = body if isinstance(body, bytes) else swift_json(body)
        return self.request("POST", f"/api/products/{product_id}/secret", identifier=identifier,
                            headers={"Content-Type": "application/json"}, data=data)

    def delete(self, identifier: str | None, path: str, *, json_content_type: bool = True) -> requests.Response:
        headers = {"Content-Type": "application/json"} if json_content_type else {}
        return self.request("DELETE", path, identifier=identifier, headers=headers)

    def fetch(self, url: str) -> requests.Response:
        return self.http.get(url, timeout=30)


def _dotori_get_headers(on: bool) -> dict:
    return {"Content-Type": f"multipart/form-data; boundary=--{str(uuid.uuid4()).upper()}"} if on else {}
