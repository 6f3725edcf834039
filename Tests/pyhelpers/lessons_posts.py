"""The lessons (LSLP) post-side contract as All For Lesson and its sibling clients call it:
posts, files, comments, likes, follow, profiles and payments (spec §2.2–§2.7, §5).

Requests are built the way the published apps build them: list queries send `next=` empty and a
huge `limit`, JSON bodies go out with `Content-Type: application/json`, uploads are multipart
parts named `files` with the photo's file name and `image/jpg`, tokens are bare.

Every Post, Comment, receipt and profile a test gets back should go through the `check_*`
functions, which hold it to the field types the Swift clients decode (§2.7)."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import struct
import time
import uuid
import zlib
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterable

import requests

from pyhelpers.lessons_api import Account, LessonsAPI, describe, expect_status

FIXTURE_IMAGES = Path(__file__).resolve().parents[1] / "Fixtures" / "images"

# The limits the app really sends (§2.2): it never pages, it asks for everything.
HOME_LIMIT = "999"
LIST_LIMIT = "99999999"
HASHTAG_LIMIT = "99999"
PAGE_CAP = 100  # what the server serves at most per page, whatever the limit says

# Where uploaded lesson photos live, as the upload endpoint reports them.
UPLOAD_PATH = re.compile(r"uploads/lessons/[0-9a-f]+\.jpg")
# `yyyy-MM-dd'T'HH:mm:ss.SSSZ` in UTC, as the app's DateFormatter expects it.
ISO_MILLIS = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z")


# --- Images ---------------------------------------------------------------------------------
# CI installs requests and pytest but no imaging library, so the images are made here: a baseline
# JPEG and a PNG of one solid colour at any size, and a GIF and a WebP of 16x10 made once with
# Pillow. `image_size` reads the dimensions back from the headers.


def _huffman_codes(bits: list[int], values: list[int]) -> dict[int, tuple[int, int]]:
    """Canonical Huffman codes (JPEG Annex C): symbol -> (code, length)."""
    codes, code, index = {}, 0, 0
    for length, count in enumerate(bits, 1):
        for _ in range(count):
            codes[values[index]] = (code, length)
            code += 1
            index += 1
        code <<= 1
    return codes


# The standard DC tables (Annex K.3) and an AC table holding only end-of-block: a solid colour has
# nothing but a DC term in every block.
_DC_LUMA = ([0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], list(range(12)))
_DC_CHROMA = ([0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], list(range(12)))
_AC_EOB_ONLY = ([1] + [0] * 15, [0x00])


def _segment(marker: int, payload: bytes) -> bytes:
    return bytes([0xFF, marker]) + (len(payload) + 2).to_bytes(2, "big") + payload


def _dht(table_class: int, table_id: int, table: tuple[list[int], list[int]]) -> bytes:
    bits, values = table
    return _segment(0xC4, bytes([table_class << 4 | table_id]) + bytes(bits) + bytes(values))


def solid_jpeg(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A baseline YCbCr JPEG (JFIF, 4:4:4) of one colour."""
    r, g, b = rgb
    levels = [0.299 * r + 0.587 * g + 0.114 * b,
              128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
              128 + 0.5 * r - 0.418688 * g - 0.081312 * b]
    # With a quantisation table of ones, a flat block's DC coefficient is 8 * (level - 128).
    dcs = [round(8 * (min(255.0, max(0.0, level)) - 128)) for level in levels]
    dc_codes = [_huffman_codes(*_DC_LUMA), _huffman_codes(*_DC_CHROMA), _huffman_codes(*_DC_CHROMA)]
    eob = _huffman_codes(*_AC_EOB_ONLY)[0x00]

    bits: list[tuple[int, int]] = []
    blocks = -(-width // 8) * -(-height // 8)
    for block in range(blocks):
        for component in range(3):
            diff = dcs[component] if block == 0 else 0
            size = abs(diff).bit_length()
            bits.append(dc_codes[component][size])
            if size:
                bits.append((diff if diff > 0 else diff + (1 << size) - 1, size))
            bits.append(eob)
    stream, acc, filled = bytearray(), 0, 0
    for value, length in bits:
        acc, filled = (acc << length) | value, filled + length
        while filled >= 8:
            filled -= 8
            byte = (acc >> filled) & 0xFF
            stream += b"\xff\x00" if byte == 0xFF else bytes([byte])
    if filled:
        byte = ((acc << (8 - filled)) | ((1 << (8 - filled)) - 1)) & 0xFF
        stream += b"\xff\x00" if byte == 0xFF else bytes([byte])

    components = b"".join(bytes([index + 1, 0x11, 0]) for index in range(3))
    return b"".join([
        b"\xff\xd8",
        _segment(0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"),
        _segment(0xDB, b"\x00" + bytes([1] * 64)),
        _segment(0xC0, b"\x08" + height.to_bytes(2, "big") + width.to_bytes(2, "big") + b"\x03" + components),
        _dht(0, 0, _DC_LUMA), _dht(0, 1, _DC_CHROMA), _dht(1, 0, _AC_EOB_ONLY),
        _segment(0xDA, b"\x03\x01\x00\x02\x10\x03\x10\x00\x3f\x00"),
        bytes(stream),
        b"\xff\xd9",
    ])


def solid_png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


GIF_16x10 = base64.b64decode(
    "R0lGODdhEAAKAIEAAMg8FAAAAAAAAAAAACwAAAAAEAAKAAAIFwABCBxIsKDBgwgTKlzIsKHDhxAjHgwIADs=")
WEBP_16x10 = base64.b64decode(
    "UklGRjoAAABXRUJQVlA4IC4AAADQAQCdASoQAAoAAUAmJaACdLoB+AADsAD+7tPf/mwK5rn3+//bQ/rQ/rQ/6UAA")


def _random_colour() -> tuple[int, int, int]:
    seed = uuid.uuid4().bytes
    return seed[0], seed[1], seed[2]


def jpeg(size: tuple[int, int] = (8, 8), color: tuple[int, int, int] | None = None) -> bytes:
    """A photo as the app uploads it (a JPEG); without a colour each call draws a different one."""
    return solid_jpeg(*size, color or _random_colour())


def png(size: tuple[int, int] = (8, 8), color: tuple[int, int, int] | None = None) -> bytes:
    return solid_png(*size, color or _random_colour())


def jpeg_of_size(total: int) -> bytes:
    """A valid JPEG of exactly `total` bytes, padded with comment (COM) segments after SOI."""
    body = jpeg()
    missing = total - len(body)
    assert missing == 0 or missing >= 4, f"cannot pad a {len(body)}-byte JPEG to {total} bytes"
    segments = b""
    while missing:
        # A COM segment is FF FE, a 2-byte length that counts itself, then up to 65533 bytes.
        chunk = min(missing, 65535 + 2)
        if missing - chunk in (1, 2, 3):  # leave room for one more whole segment
            chunk = missing - 4
        segments += b"\xff\xfe" + (chunk - 2).to_bytes(2, "big") + b"c" * (chunk - 4)
        missing -= chunk
    padded = body[:2] + segments + body[2:]
    assert len(padded) == total
    return padded


def image_size(data: bytes) -> tuple[int, int]:
    """(width, height) of a JPEG or PNG, read from its header."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return struct.unpack(">II", data[16:24])
    assert data.startswith(b"\xff\xd8"), f"neither JPEG nor PNG: {data[:8]!r}"
    offset = 2
    while offset + 4 <= len(data):
        assert data[offset] == 0xFF, f"bad JPEG marker at {offset}"
        marker = data[offset + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            offset += 2
            continue
        length = int.from_bytes(data[offset + 2:offset + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[offset + 5:offset + 9])
            return width, height
        offset += 2 + length
    raise AssertionError("JPEG without a frame header")


def fixture_image(name: str) -> bytes:
    return (FIXTURE_IMAGES / name).read_bytes()


def photo_parts(images: Iterable[bytes], name: str = "files") -> list[tuple]:
    """Multipart parts as the app sends them: the original file name and mime `image/jpg`."""
    return [(name, (f"IMG_{index:04d}.JPG", data, "image/jpg")) for index, data in enumerate(images, 1)]


# --- Shapes (§2.7) --------------------------------------------------------------------------

POST_KEYS = {"post_id", "product_id", "title", "price", "createdAt", "creator",
             "files", "likes", "likes2", "buyers", "hashTags", "comments"}
OPTIONAL_POST_KEYS = {"content", "content1", "content2", "content3", "content4", "content5"}
COMMENT_KEYS = {"comment_id", "content", "createdAt", "creator"}
RECEIPT_KEYS = {"buyer_id", "post_id", "merchant_uid", "productName", "price", "paidAt"}
PROFILE_KEYS = {"user_id", "nick", "profileImage", "followers", "following", "posts"}
MY_PROFILE_KEYS = PROFILE_KEYS | {"email", "phoneNum", "birthDay"}


def parse_created(value) -> datetime:
    assert isinstance(value, str) and ISO_MILLIS.fullmatch(value), f"not yyyy-MM-ddTHH:mm:ss.SSSZ: {value!r}"
    return datetime.strptime(value, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=timezone.utc)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _string_list(value, what: str) -> None:
    assert isinstance(value, list) and all(isinstance(item, str) for item in value), f"{what}: {value!r}"


def check_user_ref(user) -> dict:
    """`creator` and follower entries: `{user_id, nick, profileImage?}`."""
    assert isinstance(user, dict), user
    assert {"user_id", "nick"} <= set(user) <= {"user_id", "nick", "profileImage"}, user
    assert isinstance(user["user_id"], str) and user["user_id"], user
    assert isinstance(user["nick"], str), user
    assert isinstance(user.get("profileImage"), (str, type(None))), user
    return user


def check_comment(comment) -> dict:
    # Sprout's one addition, a review's stars, is present only when given; clients ignore it.
    assert isinstance(comment, dict) and set(comment) - {"rating"} == COMMENT_KEYS, comment
    assert comment.get("rating", 1) in range(1, 6), comment
    assert isinstance(comment["comment_id"], str) and comment["comment_id"], comment
    assert isinstance(comment["content"], str), comment
    parse_created(comment["createdAt"])
    check_user_ref(comment["creator"])
    return comment


def check_post(post) -> dict:
    """Holds a Post to the keys and JSON types the clients decode; returns it for chaining."""
    assert isinstance(post, dict), post
    keys = set(post)
    assert POST_KEYS <= keys, f"missing {POST_KEYS - keys}: {post}"
    assert keys <= POST_KEYS | OPTIONAL_POST_KEYS, f"unexpected {keys - POST_KEYS - OPTIONAL_POST_KEYS}: {post}"
    for name in ("post_id", "product_id", "title"):
        assert isinstance(post[name], str), f"{name}: {post}"
    assert post["post_id"], post
    assert _is_int(post["price"]), f"price must be an Int: {post['price']!r}"
    for name in OPTIONAL_POST_KEYS & keys:
        assert isinstance(post[name], str), f"{name} must be a string when present: {post[name]!r}"
    parse_created(post["createdAt"])
    check_user_ref(post["creator"])
    for name in ("files", "likes", "likes2", "buyers", "hashTags"):
        _string_list(post[name], name)
    assert isinstance(post["comments"], list), post
    for comment in post["comments"]:
        check_comment(comment)
    return post


def check_page(body) -> list[dict]:
    """`{data: [Post], next_cursor: String}`; returns the posts."""
    assert isinstance(body, dict) and set(body) == {"data", "next_cursor"}, body
    assert isinstance(body["next_cursor"], str) and body["next_cursor"], body
    assert isinstance(body["data"], list), body
    return [check_post(post) for post in body["data"]]


def check_receipt(receipt) -> dict:
    assert isinstance(receipt, dict) and set(receipt) == RECEIPT_KEYS, receipt
    for name in ("buyer_id", "post_id", "merchant_uid", "productName", "paidAt"):
        assert isinstance(receipt[name], str), f"{name}: {receipt}"
    assert _is_int(receipt["price"]), receipt
    datetime.fromisoformat(receipt["paidAt"].replace("Z", "+00:00"))
    return receipt


def check_profile(profile, *, mine: bool) -> dict:
    assert isinstance(profile, dict), profile
    assert set(profile) == (MY_PROFILE_KEYS if mine else PROFILE_KEYS), profile
    assert isinstance(profile["user_id"], str) and isinstance(profile["nick"], str), profile
    assert isinstance(profile["profileImage"], (str, type(None))), profile
    for name in ("followers", "following"):
        assert isinstance(profile[name], list), profile
        for user in profile[name]:
            check_user_ref(user)
    _string_list(profile["posts"], "posts")
    if mine:
        for name in ("email", "phoneNum", "birthDay"):
            assert isinstance(profile[name], (str, type(None))), profile
    return profile


def ids(posts: Iterable[dict]) -> list[str]:
    return [post["post_id"] for post in posts]


def unique_product() -> str:
    """A product_id of its own, so a test's lists hold only its own posts."""
    return f"sprout-test-{uuid.uuid4().hex[:12]}"


def lesson_body(product_id: str, files: list[str] | None = None, **fields) -> dict:
    """A create-post body exactly as the teacher's "레슨 개설하기" submit builds it (§4.1)."""
    body = {
        "title": "초보 바이올린 1:1 레슨", "price": 50000,
        "content": "주 1회 레슨입니다 #바이올린 #취미레슨",
        "content1": "바이올린", "content2": "서울", "content3": "취미", "content4": "", "content5": "",
        "product_id": product_id, "files": files or [],
    }
    body.update(fields)
    return body


# --- A signed-in user -----------------------------------------------------------------------


@dataclass
class Member:
    api: LessonsAPI
    account: Account
    user_id: str
    token: str
    refresh_token: str
    nick: str = ""

    def call(self, method: str, path: str, **kwargs) -> requests.Response:
        kwargs.setdefault("token", self.token)
        return self.api.request(method, path, **kwargs)

    # Files (P1) and the image GET
    def upload(self, images: Iterable[bytes], **kwargs) -> requests.Response:
        return self.call("POST", "/v1/posts/files", files=photo_parts(images), **kwargs)

    def upload_paths(self, count: int = 1) -> list[str]:
        response = self.upload([jpeg() for _ in range(count)])
        expect_status(response, 200)
        return response.json()["files"]

    def fetch_file(self, path: str, **kwargs) -> requests.Response:
        return self.call("GET", "/v1/" + path, **kwargs)

    # Posts (P2–P8)
    def create_post(self, body: dict, **kwargs) -> requests.Response:
        return self.call("POST", "/v1/posts", json=body, **kwargs)

    def new_post(self, product_id: str, **fields) -> dict:
        response = self.create_post(lesson_body(product_id, **fields))
        expect_status(response, 200)
        return check_post(response.json())

    def list_posts(self, product_id: str | None, next: str = "", limit: str = LIST_LIMIT,
                   **kwargs) -> requests.Response:
        params = [("next", next), ("limit", limit)]
        if product_id is not None:
            params.append(("product_id", product_id))
        return self.call("GET", "/v1/posts", params=params, **kwargs)

    def post(self, post_id: str, **kwargs) -> requests.Response:
        return self.call("GET", f"/v1/posts/{post_id}", **kwargs)

    def fetch_post(self, post_id: str) -> dict:
        response = self.post(post_id)
        expect_status(response, 200)
        return check_post(response.json())

    def edit_post(self, post_id: str, body: dict, **kwargs) -> requests.Response:
        return self.call("PUT", f"/v1/posts/{post_id}", json=body, **kwargs)

    def delete_post(self, post_id: str, **kwargs) -> requests.Response:
        return self.call("DELETE", f"/v1/posts/{post_id}", **kwargs)

    def user_posts(self, user_id: str, product_id: str | None, next: str = "", limit: str = "",
                   **kwargs) -> requests.Response:
        params = [("next", next), ("limit", limit)]
        if product_id is not None:
            params.append(("product_id", product_id))
        return self.call("GET", f"/v1/posts/users/{user_id}", params=params, **kwargs)

    def hashtag(self, tag: str | None, product_id: str, next: str = "", limit: str = HASHTAG_LIMIT,
                **kwargs) -> requests.Response:
        params = [("next", next), ("limit", limit), ("product_id", product_id)]
        if tag is not None:
            params.append(("hashTag", tag))
        return self.call("GET", "/v1/posts/hashtags", params=params, **kwargs)

    # Comments (C1–C3)
    def comment(self, post_id: str, content, **kwargs) -> requests.Response:
        body = {} if content is None else {"content": content}
        return self.call("POST", f"/v1/posts/{post_id}/comments", json=body, **kwargs)

    def new_comment(self, post_id: str, content: str) -> dict:
        response = self.comment(post_id, content)
        expect_status(response, 200)
        return check_comment(response.json())

    def edit_comment(self, post_id: str, comment_id: str, content, **kwargs) -> requests.Response:
        body = {} if content is None else {"content": content}
        return self.call("PUT", f"/v1/posts/{post_id}/comments/{comment_id}", json=body, **kwargs)

    def delete_comment(self, post_id: str, comment_id: str, **kwargs) -> requests.Response:
        return self.call("DELETE", f"/v1/posts/{post_id}/comments/{comment_id}", **kwargs)

    # Likes (L1–L4). `kind` is "like" (reservation, legacy) or "like-2" (bookmark).
    def like(self, post_id: str, status: bool, kind: str = "like-2", **kwargs) -> requests.Response:
        return self.call("POST", f"/v1/posts/{post_id}/{kind}", json={"like_status": status}, **kwargs)

    def set_like(self, post_id: str, status: bool, kind: str = "like-2") -> None:
        response = self.like(post_id, status, kind)
        expect_status(response, 200)
        assert response.json() == {"like_status": status}, describe(response)

    def liked(self, kind: str = "like-2", next: str | None = None, limit: str | None = None,
              **kwargs) -> requests.Response:
        path = "/v1/posts/likes/me" if kind == "like" else "/v1/posts/likes-2/me"
        params = [(name, value) for name, value in (("next", next), ("limit", limit)) if value is not None]
        return self.call("GET", path, params=params, **kwargs)

    # Follow and profiles (U6–U8, §2.5)
    def follow(self, user_id: str, **kwargs) -> requests.Response:
        return self.call("POST", f"/v1/follow/{user_id}", **kwargs)

    def unfollow(self, user_id: str, **kwargs) -> requests.Response:
        return self.call("DELETE", f"/v1/follow/{user_id}", **kwargs)

    def my_profile(self) -> dict:
        response = self.call("GET", "/v1/users/me/profile", headers={"Content-Type": "application/json"})
        expect_status(response, 200)
        return check_profile(response.json(), mine=True)

    def profile_of(self, user_id: str, **kwargs) -> requests.Response:
        return self.call("GET", f"/v1/users/{user_id}/profile", **kwargs)

    def edit_profile(self, texts: dict[str, str] | None = None, image: bytes | None = None,
                     image_type: str = "image/jpeg", **kwargs) -> requests.Response:
        """Multipart as DateDay and BuyOrNot send it: text parts, then the `profile` file part."""
        parts: list[tuple] = [(name, (None, value)) for name, value in (texts or {}).items()]
        if image is not None:
            parts.append(("profile", ("profile.jpg", image, image_type)))
        return self.call("PUT", "/v1/users/me/profile", files=parts, **kwargs)

    # Payments (§2.6, §5). The sandbox call stands in for iamport's payment window.
    def sandbox_pay(self, post_id: str, amount: int, outcome: str = "paid", **kwargs) -> requests.Response:
        body = {"post_id": post_id, "amount": amount, "outcome": outcome}
        return self.call("POST", "/v1/sandbox/payments", json=body, **kwargs)

    def pay(self, post_id: str, amount: int, outcome: str = "paid") -> dict:
        response = self.sandbox_pay(post_id, amount, outcome)
        expect_status(response, 200)
        window = response.json()
        assert set(window) == {"imp_uid", "merchant_uid", "success", "status"}, window
        assert isinstance(window["imp_uid"], str) and window["imp_uid"], window
        return window

    def validate(self, imp_uid: str | None, post_id: str | None, **extra) -> requests.Response:
        body = {name: value for name, value in (("imp_uid", imp_uid), ("post_id", post_id)) if value is not None}
        return self.call("POST", "/v1/payments/validation", json={**body, **extra})

    def payments(self) -> list[dict]:
        response = self.call("GET", "/v1/payments/me")
        expect_status(response, 200)
        body = response.json()
        assert isinstance(body, dict) and set(body) == {"data"}, body
        return [check_receipt(receipt) for receipt in body["data"]]


def new_member(api: LessonsAPI, **join_fields: str) -> Member:
    """Joins a fresh account (with extra join fields, e.g. phoneNum="1" for a teacher) and logs in."""
    account = Account.unique()
    expect_status(api.join(account.join_body(**join_fields)), 200)
    session = api.sign_in(account)
    return Member(api, account, session["user_id"], session["accessToken"], session["refreshToken"], account.nick)


def new_user(api: LessonsAPI, **join_fields: str) -> tuple[Account, str]:
    """Joins without logging in (half the bcrypt work), for users that are only acted upon."""
    account = Account.unique()
    response = api.join(account.join_body(**join_fields))
    expect_status(response, 200)
    return account, response.json()["user_id"]


def walk(fetch: Callable[[str], requests.Response], between: Callable[[int], None] | None = None,
         max_pages: int = 200) -> tuple[list[dict], list[list[dict]]]:
    """Follows next_cursor from the first page (`next=` empty) until "0".

    Returns every post in order and the pages; `between(n)` runs after page n is read."""
    cursor, pages = "", []
    for number in range(1, max_pages + 1):
        response = fetch(cursor)
        expect_status(response, 200)
        page = check_page(response.json())
        pages.append(page)
        cursor = response.json()["next_cursor"]
        if cursor == "0":
            return [post for page in pages for post in page], pages
        assert page, f"an empty page must end the walk: {describe(response)}"
        if between:
            between(number)
    raise AssertionError(f"next_cursor never reached \"0\" in {max_pages} pages")


# --- Tokens ---------------------------------------------------------------------------------


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def signed_access_token(data_dir: Path, user_id: str, expires_in: int) -> str:
    """An access token signed with the server's own secret (the test owns its data directory),
    expiring `expires_in` seconds from now; negative means already expired. This gives a 419
    without waiting for a real token to run out."""
    secret = (data_dir / "jwt-secret").read_text().strip().encode()
    now = int(time.time())
    header = _b64(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    payload = _b64(json.dumps({"exp": now + expires_in, "sub": user_id, "iat": now - 3600}).encode())
    signature = _b64(hmac.new(secret, f"{header}.{payload}".encode(), hashlib.sha256).digest())
    return f"{header}.{payload}.{signature}"
