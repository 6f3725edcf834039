"""Uploads in an S3-compatible bucket (`SPROUT_STORAGE=s3`), against moto's S3 server: photos are
objects in the bucket, served at their stable `/uploads/…` paths by any instance, deleted with
what they belong to; a store that fails answers 503 with Retry-After in each contract's shape and
keeps nothing half-written."""
from __future__ import annotations

import os
from urllib.parse import urlsplit

import pytest
import requests

from pyhelpers.lessons_api import LessonsAPI
from pyhelpers.lessons_posts import jpeg, new_member
from pyhelpers.market_api import MarketAPI, expect_error, expect_status, product_params, tiny_png
from pyhelpers.object_storage import Bucket, FailingProxy, s3_settings, start_moto
from pyhelpers.scratch_postgres import create_database, drop_database
from pyhelpers.sprout_server import NO_RATE_LIMITS, run_cli, start_server

DATABASE_URL = os.environ.get("TEST_DATABASE_URL")
SETTINGS = {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false"}


@pytest.fixture(scope="module")
def moto():
    server, endpoint = start_moto()
    yield endpoint
    server.stop()


@pytest.fixture(scope="module")
def proxy(moto):
    started = FailingProxy(moto)
    yield started
    started.stop()


@pytest.fixture(scope="module")
def bucket(moto) -> Bucket:
    made = Bucket(moto)
    made.create()
    return made


@pytest.fixture(scope="module")
def s3_server(tmp_path_factory, proxy, bucket):
    server = start_server(tmp_path_factory.mktemp("s3"), {**SETTINGS, **s3_settings(proxy.url)})
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def uploads_pass(proxy):
    proxy.fail_puts_after = None
    yield
    proxy.fail_puts_after = None


def object_key(url: str) -> str:
    return urlsplit(url).path.removeprefix("/uploads/")


def test_a_product_photo_is_an_object_served_at_its_path_and_deleted_with_the_product(s3_server, bucket):
    market = MarketAPI(s3_server.base_url)
    seller = market.new_vendor()
    product = market.create_product(seller, images=[tiny_png(), tiny_png(16, 12)])
    keys = {object_key(image[field]) for image in product["images"] for field in ("url", "thumbnail_url")}
    assert keys <= bucket.keys(), (keys, bucket.keys())
    first = product["images"][0]["url"]
    served = market.fetch(s3_server.base_url + urlsplit(first).path)
    expect_status(served, 200)
    assert served.content == bucket.read(object_key(first))
    assert served.headers["Content-Type"].startswith("image/")
    assert "immutable" in served.headers["Cache-Control"]
    assert not list((s3_server.data_dir / "uploads").rglob("*.*")), "nothing is written to the local folder"

    archived = market.archived(seller.identifier, product["id"], {"secret": seller.secret})
    expect_status(archived, 200)
    expect_status(market.delete(seller.identifier, archived.text), 200)
    assert not keys & bucket.keys(), "the product's objects went with it"
    expect_status(market.fetch(s3_server.base_url + urlsplit(first).path), 404)


def test_a_lessons_upload_is_an_object_too(s3_server, bucket):
    lessons = LessonsAPI(s3_server.base_url, s3_server.dev_key())
    teacher = new_member(lessons)
    response = teacher.call("POST", "/v1/posts/files", files=[("files", ("a.jpg", jpeg(), "image/jpeg"))])
    expect_status(response, 200)
    path = response.json()["files"][0]
    assert path.removeprefix("uploads/") in bucket.keys()
    expect_status(requests.get(f"{s3_server.base_url}/{path}", timeout=10), 200)


def test_a_store_that_fails_mid_upload_answers_503_and_keeps_nothing(s3_server, bucket, proxy):
    market = MarketAPI(s3_server.base_url)
    seller = market.new_vendor()
    before_keys, before_count = bucket.keys(), market.total_count()
    proxy.fail_puts_after = proxy.puts + 1  # the first photo is stored, the second is not
    params = {**product_params(), "secret": seller.secret}
    response = market.register(seller.identifier, params, [tiny_png(), tiny_png(20, 10)])
    expect_error(response, 503)
    assert int(response.headers["Retry-After"]) > 0
    assert market.total_count() == before_count, "no product without its photos"
    assert bucket.keys() == before_keys, "the photo stored before the failure was removed"

    lessons = LessonsAPI(s3_server.base_url, s3_server.dev_key())
    teacher = new_member(lessons)
    proxy.fail_puts_after = proxy.puts
    upload = teacher.call("POST", "/v1/posts/files", files=[("files", ("a.jpg", jpeg(), "image/jpeg"))])
    assert upload.status_code == 503 and set(upload.json()) == {"message"}, upload.text
    assert int(upload.headers["Retry-After"]) > 0
    assert bucket.keys() == before_keys


def test_a_store_that_is_gone_answers_503_and_the_server_keeps_serving(tmp_path, bucket):
    server = start_server(tmp_path, {**SETTINGS, **s3_settings("http://127.0.0.1:9")})
    try:
        market = MarketAPI(server.base_url)
        seller = market.new_vendor()
        response = market.register(seller.identifier, {**product_params(), "secret": seller.secret}, [tiny_png()])
        expect_error(response, 503)
        assert market.total_count() == 0
        expect_error(market.fetch(server.base_url + "/uploads/products/0123456789abcdef0123456789abcdef.png"), 503)
        expect_status(market.health(), 200)
    finally:
        server.stop()


def test_a_public_base_url_redirects_to_the_object(tmp_path, bucket, moto):
    server = start_server(tmp_path, {**SETTINGS, **s3_settings(moto, SPROUT_S3_PUBLIC_URL="https://cdn.example.com/uploads")})
    try:
        market = MarketAPI(server.base_url)
        product = market.create_product(market.new_vendor())
        path = urlsplit(product["images"][0]["url"]).path
        answer = requests.get(server.base_url + path, allow_redirects=False, timeout=10)
        assert answer.status_code in (302, 307), answer.status_code
        assert answer.headers["Location"] == "https://cdn.example.com/uploads/" + object_key(path)
    finally:
        server.stop()


def test_a_backup_says_the_bucket_is_the_operators(tmp_path, s3_server):
    env = {**SETTINGS, **s3_settings("http://127.0.0.1:9")}
    taken = run_cli(tmp_path, "backup", str(tmp_path / "backup"), env=env)
    assert taken.returncode == 0, taken.stderr
    assert "sprout-uploads, which is yours to back up" in taken.stdout + taken.stderr


@pytest.mark.parametrize("path", ["/uploads/../jwt-secret", "/uploads/products/..%2F..%2Fjwt-secret", "/uploads/products/x.sqlite",
                                  "/uploads/%2e%2e/x.png", "/uploads/products/.hidden.png"])
def test_paths_it_could_not_have_made_never_reach_the_bucket(s3_server, path):
    assert requests.get(s3_server.base_url + path, timeout=10).status_code in (400, 404)


def test_two_instances_on_one_database_and_one_bucket_serve_each_others_photos(tmp_path, bucket, moto):
    if not DATABASE_URL:
        pytest.skip("TEST_DATABASE_URL is not set")
    created = create_database(DATABASE_URL, "sprout_s3_")
    assert created, "the test role may create databases"
    name, url = created
    env = {**SETTINGS, **s3_settings(moto), "DATABASE_URL": url, "SPROUT_TOKEN_SECRET": "object-storage-" + "0123456789abcdef" * 4}
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    started = []
    try:
        started.append(start_server(tmp_path / "a", env))
        started.append(start_server(tmp_path / "b", env))
        a, b = MarketAPI(started[0].base_url), MarketAPI(started[1].base_url)
        product = a.create_product(a.new_vendor(), images=[tiny_png(30, 20)])
        path = urlsplit(product["images"][0]["url"]).path
        through_b = b.fetch(started[1].base_url + path)
        expect_status(through_b, 200)
        assert through_b.content == a.fetch(started[0].base_url + path).content == bucket.read(object_key(path))
    finally:
        for server in started:
            server.stop()
        drop_database(DATABASE_URL, name)
