"""Reads never stale (issue 12). The market's product pages and details, and the lessons' post lists
and posts, are answered from a cache
kept beside a counter the database bumps in the same transaction as every write to what they
show, so once a write is acknowledged every later read sees it: a write through the API, another
process writing the SQLite file, or another instance sharing PostgreSQL.
"""
from __future__ import annotations

import os
import sqlite3
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from pyhelpers.lessons_posts import check_page, new_member, unique_product
from pyhelpers.market_api import MarketAPI, expect_status
from pyhelpers.scratch_postgres import create_database, drop_database, psql

DATABASE_URL = os.environ.get("TEST_DATABASE_URL")
NO_DEMO = {"SPROUT_DEMO_DATA": "false"}


def first_listed(market: MarketAPI) -> dict:
    return market.page(1, 20)["pages"][0]


def rename(market: MarketAPI, vendor, product_id: int, name: str) -> None:
    expect_status(market.edit(vendor.identifier, product_id, {"name": name, "secret": vendor.secret}), 200)


def test_every_acknowledged_edit_is_in_the_next_page_and_detail(start_sprout):
    market = MarketAPI(start_sprout(NO_DEMO).base_url)
    vendor = market.new_vendor()
    product = market.create_product(vendor)
    for round_ in range(25):
        assert first_listed(market)["id"] == product["id"]  # the page is in the cache before each edit
        market.product(product["id"])
        rename(market, vendor, product["id"], f"Walnut stool, round {round_}")
        assert first_listed(market)["name"] == f"Walnut stool, round {round_}"
        assert market.product(product["id"])["name"] == f"Walnut stool, round {round_}"


def test_edits_racing_with_reads_are_each_seen_by_the_reads_after_them(start_sprout):
    market = MarketAPI(start_sprout(NO_DEMO).base_url)
    vendor = market.new_vendor()
    products = [market.create_product(vendor) for _ in range(4)]

    def edit_and_read(product: dict) -> list[str]:
        own = MarketAPI(market.base_url)
        wrong = []
        for round_ in range(15):
            name = f"Stool {product['id']}-{round_}"
            rename(own, vendor, product["id"], name)
            listed = {item["id"]: item["name"] for item in own.page(1, 20)["pages"]}
            if listed[product["id"]] != name or own.product(product["id"])["name"] != name:
                wrong.append(f"{name}: page {listed[product['id']]!r}")
        return wrong

    with ThreadPoolExecutor(len(products)) as pool:
        stale = [line for lines in pool.map(edit_and_read, products) for line in lines]
    assert not stale, stale[:3]


def test_a_write_by_another_process_to_the_sqlite_file_is_seen(start_sprout):
    server = start_sprout(NO_DEMO)
    market = MarketAPI(server.base_url)
    vendor = market.new_vendor()
    product = market.create_product(vendor)
    assert first_listed(market)["name"] == product["name"] and first_listed(market)["name"] == product["name"]

    with sqlite3.connect(server.data_dir / "sprout.sqlite", timeout=30) as outside:
        outside.execute("UPDATE market_products SET name = 'Renamed outside' WHERE id = ?", (product["id"],))
    assert first_listed(market)["name"] == "Renamed outside"
    assert market.product(product["id"])["name"] == "Renamed outside"


def test_every_lesson_write_is_in_the_next_list_and_post(api, student):
    teacher = new_member(api, phoneNum="1")
    product = unique_product()
    post_id = teacher.new_post(product, price=1000)["post_id"]

    def listed() -> dict:
        response = student.list_posts(product)
        expect_status(response, 200)
        [post] = check_page(response.json())
        return post

    def tagged(tag: str) -> list[str]:
        response = student.hashtag(tag, product)
        expect_status(response, 200)
        return [post["post_id"] for post in check_page(response.json())]

    def both() -> list[dict]:
        return [listed(), student.fetch_post(post_id)]

    both()  # in the cache before each write below
    comment = student.new_comment(post_id, "좋은 레슨이에요")
    assert all([c["comment_id"] for c in post["comments"]] == [comment["comment_id"]] for post in both())
    student.set_like(post_id, True, "like")
    student.set_like(post_id, True, "like-2")
    assert all(post["likes"] == [student.user_id] and post["likes2"] == [student.user_id] for post in both())
    assert tagged("첼로") == []
    expect_status(teacher.edit_post(post_id, {"title": "첼로 레슨", "content": "주 2회 #첼로"}), 200)
    assert all(post["title"] == "첼로 레슨" for post in both()) and tagged("첼로") == [post_id]
    expect_status(teacher.edit_profile({"nick": f"새닉{uuid.uuid4().hex[:6]}"}), 200)
    nick = teacher.my_profile()["nick"]
    assert all(post["creator"]["nick"] == nick for post in both())
    imp_uid = student.pay(post_id, 1000)["imp_uid"]
    expect_status(student.validate(imp_uid, post_id), 200)
    assert all(post["buyers"] == [student.user_id] for post in both())
    expect_status(teacher.delete_post(post_id), 200)
    assert check_page(student.list_posts(product).json()) == []
    assert student.post(post_id).status_code == 410


@pytest.fixture
def on_postgres(start_sprout, tmp_path):
    """Starts Sprouts on one scratch PostgreSQL database (`start(name)`), each in a folder of its
    own; the database's URL is `start.url`. Stops them before the database is dropped."""
    if not DATABASE_URL:
        pytest.skip("TEST_DATABASE_URL is not set")
    created = create_database(DATABASE_URL, "sprout_fresh_")
    assert created, "the test role may create databases"
    name, url = created
    env = {**NO_DEMO, "DATABASE_URL": url,
           "SPROUT_TOKEN_SECRET": "fresh-reads-" + "0123456789abcdef" * 4}
    servers = []

    def start(folder: str):
        (tmp_path / folder).mkdir()
        servers.append(start_sprout(env, workdir=tmp_path / folder))
        return MarketAPI(servers[-1].base_url)

    start.url = url
    yield start
    for server in servers:
        server.stop()
    drop_database(DATABASE_URL, name)


@pytest.fixture
def two_instances(on_postgres):
    """Two Sprouts on one scratch PostgreSQL database; the second starts once the first migrated it."""
    return on_postgres("first"), on_postgres("second")


def sql(url: str, statement: str) -> str:
    done = psql(url, statement)
    assert done is not None and done.returncode == 0, done and done.stderr
    return done.stdout.strip()


# Each instance's listening connection names itself (`InstanceBroadcast.listenerName`).
LISTENERS = "FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'sprout instance broadcast'"


def test_a_write_in_plain_sql_is_seen_by_the_next_read_on_postgresql(on_postgres):
    market = on_postgres("only")
    vendor = market.new_vendor()
    product = market.create_product(vendor)
    for round_ in range(10):
        assert first_listed(market)["id"] == product["id"] and market.product(product["id"])["id"] == product["id"]
        sql(on_postgres.url, f"UPDATE market_products SET name = 'Renamed in SQL {round_}' WHERE id = {int(product['id'])}")
        assert first_listed(market)["name"] == f"Renamed in SQL {round_}"
        assert market.product(product["id"])["name"] == f"Renamed in SQL {round_}"


def test_no_write_is_lost_across_a_dropped_listening_connection(on_postgres):
    """The connection each instance hears counter changes on is ended from the database side, and
    written past while it is down: reads go to the database until it listens again."""
    market, other = on_postgres("first"), on_postgres("second")
    vendor = market.new_vendor()
    product = market.create_product(vendor)
    for round_ in range(3):
        assert first_listed(market)["id"] == product["id"] and market.product(product["id"])["id"] == product["id"]
        sql(on_postgres.url, f"SELECT pg_terminate_backend(pid) {LISTENERS}")
        sql(on_postgres.url, f"UPDATE market_products SET name = 'Written while deaf {round_}' WHERE id = {int(product['id'])}")
        assert first_listed(market)["name"] == f"Written while deaf {round_}"
        assert market.product(product["id"])["name"] == f"Written while deaf {round_}"

        deadline = time.monotonic() + 15
        while int(sql(on_postgres.url, f"SELECT count(*) {LISTENERS}")) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert int(sql(on_postgres.url, f"SELECT count(*) {LISTENERS}")) == 2, "both instances listen again"
        rename(other, vendor, product["id"], f"Written on the other {round_}")
        assert first_listed(market)["name"] == f"Written on the other {round_}"
        assert market.product(product["id"])["name"] == f"Written on the other {round_}"


def test_a_write_on_one_instance_is_seen_by_the_next_read_on_the_other(two_instances):
    first, second = two_instances
    vendor = first.new_vendor()
    product = first.create_product(vendor)
    for round_ in range(20):
        writer, reader = (first, second) if round_ % 2 else (second, first)
        assert first_listed(reader)["id"] == product["id"] and reader.product(product["id"])["id"] == product["id"]
        rename(writer, vendor, product["id"], f"Shared stool {round_}")
        assert first_listed(reader)["name"] == f"Shared stool {round_}"
        assert reader.product(product["id"])["name"] == f"Shared stool {round_}"
    archived = second.archived(vendor.identifier, product["id"], {"secret": vendor.secret})
    expect_status(archived, 200)
    expect_status(second.delete(vendor.identifier, archived.text), 200)
    assert first.page(1, 20)["pages"] == []
    assert first.detail(product["id"]).status_code == 404
