"""GET /api/products: the page object under both its 2022b (camelCase) and 2022a (snake_case)
keys, the paging arithmetic, newest-first order, search, and refusal of bad paging queries.

Each test tags its products with a unique word and pages through a search for it, so the tests
do not depend on what other modules put on the shared server."""
from __future__ import annotations

import math

import pytest

from pyhelpers.market_api import (check_page, expect_error, expect_status, tiny_png, unique_tag)


@pytest.fixture(scope="module")
def tagged(market, seller):
    """Five products whose names carry one tag, oldest first."""
    tag = f"pine{unique_tag()}"
    created = [market.create_product(seller, name=f"{tag} item {n}", description=f"number {n}",
                                     images=[tiny_png(4 + n, 4)]) for n in range(5)]
    return tag, created


def expect_arithmetic(page: dict, page_no: int, per: int, total: int) -> None:
    assert page["pageNo"] == page_no and page["itemsPerPage"] == per
    assert page["totalCount"] == total
    assert page["offset"] == (page_no - 1) * per
    assert page["limit"] == page["offset"] + per
    assert page["lastPage"] == math.ceil(total / per)
    assert page["hasPrev"] is (page_no > 1)
    assert page["hasNext"] is (page_no < page["lastPage"])
    assert len(page["pages"]) == max(0, min(per, total - page["offset"]))


@pytest.mark.parametrize("per", [1, 2, 3, 5, 20])
def test_pages_slice_the_search_results_newest_first(market, tagged, per):
    tag, created = tagged
    expected_ids = [product["id"] for product in reversed(created)]
    seen = []
    last = math.ceil(len(created) / per)
    for page_no in range(1, last + 1):
        page = market.page(page_no, per, tag)
        expect_arithmetic(page, page_no, per, len(created))
        seen += [item["id"] for item in page["pages"]]
    assert seen == expected_ids


def test_a_page_past_the_end_is_empty(market, tagged):
    tag, created = tagged
    page = market.page(4, 2, tag)
    expect_arithmetic(page, 4, 2, len(created))
    assert page["pages"] == [] and page["hasNext"] is False and page["hasPrev"] is True


def test_the_unfiltered_list_is_newest_first_and_counts_everything(market, tagged):
    tag, created = tagged
    page = market.page(1, 100)
    ids = [item["id"] for item in page["pages"]]
    assert ids == sorted(ids, reverse=True)
    assert page["totalCount"] >= len(created)
    expect_arithmetic(page, 1, 100, page["totalCount"])


def test_list_items_echo_what_was_registered(market, tagged, seller):
    tag, created = tagged
    items = {item["id"]: item for item in market.page(1, 20, tag)["pages"]}
    for product in created:
        item = items[product["id"]]
        for key in ("vendor_id", "name", "description", "thumbnail", "currency", "price",
                    "bargain_price", "discounted_price", "stock"):
            assert item[key] == product[key], key
        assert item["vendorName"] == seller.name and item["vendor_id"] == seller.vendor_id
        assert item["created_at"] == product["created_at"][:19]


def test_list_thumbnails_are_fetchable_images(market, tagged):
    tag, _ = tagged
    for item in market.page(1, 20, tag)["pages"]:
        image = market.fetch(item["thumbnail"])
        expect_status(image, 200)
        assert image.headers["Content-Type"].startswith("image/")
        assert image.content[:2] == b"\xff\xd8" or image.content[:4] == b"\x89PNG"


def test_items_per_page_above_100_is_clamped(market, tagged):
    page = market.page(1, 1000)
    assert page["itemsPerPage"] == 100 and page["items_per_page"] == 100
    assert page["limit"] == 100
    assert page["lastPage"] == math.ceil(page["totalCount"] / 100)


def test_an_empty_result_has_last_page_zero(market):
    page = market.page(1, 20, f"nothing-matches-{unique_tag()}")
    assert page["totalCount"] == 0 and page["lastPage"] == 0 and page["pages"] == []
    assert page["hasNext"] is False and page["hasPrev"] is False
    assert page["offset"] == 0 and page["limit"] == 20


def test_dotoris_multipart_content_type_on_a_get_is_ignored(market, tagged):
    tag, _ = tagged
    with_header = market.list_page(1, 20, tag, dotori_header=True)
    without = market.list_page(1, 20, tag, dotori_header=False)
    expect_status(with_header, 200)
    expect_status(without, 200)
    assert with_header.json()["pages"] == without.json()["pages"]


@pytest.mark.parametrize("query", [
    "", "items_per_page=20", "page_no=1",
    "page_no=&items_per_page=20", "page_no=1&items_per_page=",
    "page_no=0&items_per_page=20", "page_no=1&items_per_page=0",
    "page_no=-1&items_per_page=20", "page_no=1&items_per_page=-5",
    "page_no=abc&items_per_page=20", "page_no=1&items_per_page=ten",
    "page_no=1.5&items_per_page=20",
])
def test_bad_paging_queries_are_400(market, query):
    response = market.request("GET", "/api/products" + (f"?{query}" if query else ""))
    expect_error(response, 400)


# --- search_value (2022b): name and description, case-insensitive, Korean included ------------


@pytest.fixture(scope="module")
def searchable(market, seller):
    tag = unique_tag()
    made = {
        "oak": market.create_product(seller, name=f"Oak Chair {tag}", description="sturdy"),
        "lamp": market.create_product(seller, name=f"Desk lamp {tag}", description="An OAK base, warm light"),
        "acorn": market.create_product(seller, name=f"도토리 묵 {tag}", description="직접 만든 도토리묵"),
        "mug": market.create_product(seller, name=f"Mug {tag}", description="다람쥐 그림이 있는 머그컵"),
    }
    return tag, made


def search_ids(market, text: str) -> set[int]:
    ids, page_no = set(), 1
    while True:
        page = market.page(page_no, 100, text)
        ids |= {item["id"] for item in page["pages"]}
        if not page["hasNext"]:
            assert len(ids) == page["totalCount"]
            return ids
        page_no += 1


def test_search_matches_names_and_descriptions_case_insensitively(market, searchable):
    tag, made = searchable
    for term in ("oak", "OAK", "Oak"):
        found = search_ids(market, term) & {p["id"] for p in made.values()}
        assert found == {made["oak"]["id"], made["lamp"]["id"]}, term
    assert search_ids(market, f"desk LAMP {tag}") == {made["lamp"]["id"]}
    assert search_ids(market, tag) == {p["id"] for p in made.values()}


def test_search_matches_korean_in_names_and_descriptions(market, searchable):
    tag, made = searchable
    assert search_ids(market, f"도토리 묵 {tag}") == {made["acorn"]["id"]}
    assert made["acorn"]["id"] in search_ids(market, "도토리")
    assert made["mug"]["id"] in search_ids(market, "다람쥐")
    assert made["oak"]["id"] not in search_ids(market, "도토리")


def test_search_pages_like_the_full_list(market, searchable):
    tag, made = searchable
    first = market.page(1, 3, tag)
    second = market.page(2, 3, tag)
    assert first["totalCount"] == 4 and first["lastPage"] == 2 and first["hasNext"] is True
    assert len(first["pages"]) == 3 and len(second["pages"]) == 1 and second["hasNext"] is False
    assert check_page(second)["hasPrev"] is True
