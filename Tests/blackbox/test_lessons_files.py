"""Lessons contract §2.2 P1 and §1 "Image fetch": uploading lesson photos and reading them back
through GET /v1/<filePath> with the SesacKey and Authorization headers."""
from __future__ import annotations

import http.client
from urllib.parse import urlsplit

import pytest
import requests

from pyhelpers.lessons_api import LessonsAPI, describe, expect_error, expect_status
from pyhelpers.lessons_posts import (
    GIF_16x10, UPLOAD_PATH, WEBP_16x10, fixture_image, image_size, jpeg, jpeg_of_size, new_member, photo_parts, png,
)

JPEG_MAGIC = b"\xff\xd8\xff"


def uploaded(response: requests.Response, count: int) -> list[str]:
    expect_status(response, 200)
    body = response.json()
    assert set(body) == {"files"}, describe(response)
    paths = body["files"]
    assert len(paths) == count and len(set(paths)) == count, describe(response)
    for path in paths:
        assert isinstance(path, str) and UPLOAD_PATH.fullmatch(path), path
    return paths


@pytest.mark.parametrize("count", [1, 3, 5])
def test_upload_answers_one_relative_path_per_photo(teacher, count):
    uploaded(teacher.upload([jpeg() for _ in range(count)]), count)


def test_an_uploaded_photo_reads_back_as_a_jpeg_of_the_same_size(teacher, student):
    [path] = uploaded(teacher.upload([jpeg(size=(40, 24))]), 1)
    response = student.fetch_file(path)  # any signed-in user may see lesson photos
    expect_status(response, 200)
    assert response.headers["Content-Type"].startswith("image/jpeg"), response.headers
    assert response.content.startswith(JPEG_MAGIC)
    assert image_size(response.content) == (40, 24)


def test_the_platform_route_serves_the_same_bytes_without_headers(server, teacher):
    [path] = uploaded(teacher.upload([jpeg()]), 1)
    with_headers = teacher.fetch_file(path)
    expect_status(with_headers, 200)
    bare = requests.get(f"{server.base_url}/{path}", timeout=15)
    assert bare.status_code == 200, describe(bare)
    assert bare.content == with_headers.content


@pytest.mark.parametrize("data", [png((16, 10)), GIF_16x10, WEBP_16x10], ids=["png", "gif", "webp"])
def test_other_image_types_are_accepted_whatever_the_part_says(teacher, data):
    # The app labels every part image/jpg with a .JPG name; the server goes by the bytes.
    [path] = uploaded(teacher.upload([data]), 1)
    response = teacher.fetch_file(path)
    expect_status(response, 200)
    assert image_size(response.content) == (16, 10)


@pytest.mark.parametrize("filename,mime", [
    ("../../../etc/passwd.jpg", "image/jpg"),
    ("레슨 사진 (1).JPG", "image/jpeg"),
    ("photo.heic", "application/octet-stream"),
    ("no-extension", "text/plain"),
])
def test_the_part_name_and_type_only_label_the_photo(teacher, filename, mime):
    # The stored name is the server's own; what the client calls the file or its type changes nothing.
    response = teacher.call("POST", "/v1/posts/files", files=[("files", (filename, jpeg(), mime))])
    [path] = uploaded(response, 1)
    expect_status(teacher.fetch_file(path), 200)


def test_a_photo_taken_sideways_is_accepted(teacher):
    uploaded(teacher.upload([fixture_image("exif-rotated.jpg")]), 1)


NOT_PHOTOS = {
    "pdf": b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    "text": "레슨 소개입니다. just some text, renamed .jpg\n".encode(),
    "html": b"<html><script>alert(1)</script></html>",
    "empty": b"",
    "truncated-jpeg": fixture_image("truncated.jpg"),
    "jpeg-header-only": jpeg()[:20],
}


@pytest.mark.parametrize("data", NOT_PHOTOS.values(), ids=NOT_PHOTOS.keys())
def test_anything_but_a_whole_image_is_400(teacher, data):
    expect_error(teacher.upload([data]), 400)


def test_one_bad_part_fails_the_whole_upload(teacher):
    expect_error(teacher.upload([jpeg(), NOT_PHOTOS["pdf"], jpeg()]), 400)


def test_six_photos_are_too_many(teacher):
    expect_error(teacher.upload([jpeg() for _ in range(6)]), 400)


def test_an_upload_without_photos_is_400(teacher):
    expect_error(teacher.call("POST", "/v1/posts/files", files=[("nick", (None, "no files here"))]), 400)
    expect_error(teacher.call("POST", "/v1/posts/files"), 400)


def test_photos_under_another_part_name_are_400(teacher):
    expect_error(teacher.call("POST", "/v1/posts/files", files=photo_parts([jpeg()], name="file")), 400)


def test_the_size_limit_is_per_photo_and_inclusive(start_sprout):
    limit = 4096
    # Without demo data: its photos are bigger than this limit.
    server = start_sprout({"SPROUT_UPLOAD_MAX_BYTES": str(limit), "SPROUT_DEMO_DATA": "false"})
    member = new_member(LessonsAPI(server.base_url, server.dev_key()))
    uploaded(member.upload([jpeg_of_size(limit), jpeg_of_size(limit)]), 2)
    expect_error(member.upload([jpeg_of_size(limit + 1)]), 400)
    expect_error(member.upload([jpeg(), jpeg_of_size(limit + 1)]), 400)


# --- GET /v1/<filePath> ---------------------------------------------------------------------


def raw_get(base_url: str, path: str, headers: dict) -> tuple[int, bytes]:
    """Sends the path byte for byte (requests would normalise dot segments away)."""
    address = urlsplit(base_url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=15)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


# filePath values a hostile or broken post could carry; the app requests base ("/v1/") + filePath.
BAD_FILE_PATHS = [
    "uploads/lessons/0123456789abcdef0123456789abcdef.jpg",
    "uploads/lessons/",
    "uploads/../jwt-secret",
    "uploads/lessons/../../dev-api-key",
    "uploads/%2e%2e/jwt-secret",
    "uploads/lessons/%2E%2E/%2E%2E/sprout.sqlite",
    "uploads/lessons/..%2F..%2Fjwt-secret",
    "uploads//etc/passwd",
    "uploads/%2Fetc%2Fpasswd",
    "../jwt-secret",
    "%2e%2e/jwt-secret",
    "/etc/passwd",
]


@pytest.mark.parametrize("file_path", BAD_FILE_PATHS)
def test_unknown_files_and_path_tricks_are_444(api, server, student, file_path):
    status, body = raw_get(server.base_url, "/v1/" + file_path,
                           {"SesacKey": api.key, "Authorization": student.token})
    assert status == 444, (file_path, status, body[:200])
    assert b"message" in body, body[:200]


def test_file_get_needs_the_key(teacher):
    [path] = uploaded(teacher.upload([jpeg()]), 1)
    expect_error(teacher.fetch_file(path, key=None), 420)
    expect_error(teacher.fetch_file(path, key="sk_wrong"), 420)


def test_file_get_needs_a_token(teacher):
    [path] = uploaded(teacher.upload([jpeg()]), 1)
    expect_error(teacher.fetch_file(path, token=None), 401)
    expect_error(teacher.fetch_file(path, token="not-a-token"), 401)
