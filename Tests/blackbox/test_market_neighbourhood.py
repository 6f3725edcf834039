"""내 동네 and 키워드 알림 over HTTP, as a neighbour and clients nobody here wrote would try them: the
place list (`GET /api/places`, no credential), my 동네 (`GET/PUT /api/market/neighbourhoods`,
`POST …/verify`), the products within my range (`GET /api/market/nearby`) and my keywords
(`GET/POST/DELETE /api/market/keywords`), through the real binary.

A product carries its seller's current 동 when it is listed, whether through the web's sell form or
the open-market contract (whose vendor is a Sprout account); one listed before the seller chose a
동네 has no place and is near nobody. Distances are between 동 centres, so each expected distance
is worked out here from the coordinates the place list answers.

The module shares the market server with the other market modules; their vendors choose no 동네,
so the nearby lists hold this module's products only, and each test asserts about its own. The
paging test lists in 울릉읍, where nobody else does, to compare whole lists.
"""
from __future__ import annotations

import base64
import json
import math
import os
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from pyhelpers.conversations_api import PASSWORD, ConversationsAPI, Person, check_notification, unique_tag
from pyhelpers.lessons_api import describe
from pyhelpers.market_api import expect_error, expect_status, tiny_png
from pyhelpers.scratch_postgres import create_database, drop_database
from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server
from pyhelpers.web_forms import WebVisitor, redirect_path

MANGWON_1 = "1144069000"     # 서울 마포구 망원제1동
MANGWON_2 = "1144070000"     # 서울 마포구 망원제2동
HAPJEONG = "1144068000"      # 서울 마포구 합정동: 635 m from 망원제1동
YEOUI = "1156054000"         # 서울 영등포구 여의동: 4.4 km from 합정동
PYEONGCHANG = "1111056000"   # 서울 종로구 평창동: 8.2 km from 합정동
JAMSIL_BON = "1171065000"    # 서울 송파구 잠실본동: 16.7 km from 망원제1동
ULLEUNG = "4794025000"       # 경상북도 울릉군 울릉읍: nobody else lists there
MAPO_GU = "1144000000"       # a 시/군/구 row of the table, not a 동

PLACE_KEYS = {"code", "name", "district", "province", "full_name", "latitude", "longitude"}
NEIGHBOURHOOD_KEYS = {"code", "name", "full_name", "verified_at", "current"}
NEARBY_KEYS = {"id", "name", "currency", "price", "bargain_price", "thumbnail", "dong", "distance_m", "bumped_at", "state"}
MARKET_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$")
EARTH_RADIUS = 6_371_008.8


@pytest.fixture(scope="module")
def conv(market_server) -> ConversationsAPI:
    return ConversationsAPI(market_server.base_url)


# --- Helpers -----------------------------------------------------------------------------------


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_place(place) -> dict:
    assert isinstance(place, dict) and set(place) == PLACE_KEYS, f"place keys {sorted(place) if isinstance(place, dict) else place!r}"
    for key in ("code", "name", "district", "province", "full_name"):
        assert isinstance(place[key], str) and place[key], place
    assert re.fullmatch(r"\d{10}", place["code"]), place
    assert -90 <= place["latitude"] <= 90 and -180 <= place["longitude"] <= 180, place
    return place


def places(conv: ConversationsAPI, query: str, limit: int | None = None) -> list[dict]:
    params = {"q": query, **({"limit": limit} if limit is not None else {})}
    response = conv.http.get(conv.base_url + "/api/places", params=params, timeout=30)
    expect_status(response, 200)
    body = response.json()
    assert set(body) == {"places"}, describe(response)
    return [check_place(place) for place in body["places"]]


def place(conv: ConversationsAPI, code: str, name: str) -> dict:
    found = [p for p in places(conv, name, 50) if p["code"] == code]
    assert found, f"the place list has no {name} ({code})"
    return found[0]


def metres_between(a: dict, b: dict) -> float:
    """Great-circle distance between two places' centres (haversine on the mean radius)."""
    φ1, φ2 = math.radians(a["latitude"]), math.radians(b["latitude"])
    Δφ, Δλ = φ2 - φ1, math.radians(b["longitude"] - a["longitude"])
    h = math.sin(Δφ / 2) ** 2 + math.cos(φ1) * math.cos(φ2) * math.sin(Δλ / 2) ** 2
    return 2 * EARTH_RADIUS * math.asin(min(1.0, math.sqrt(h)))


def check_neighbourhoods(body) -> dict:
    assert isinstance(body, dict) and set(body) == {"neighbourhoods", "range"}, body
    assert body["range"] in ("near", "farther", "farthest"), body
    for chosen in body["neighbourhoods"]:
        assert set(chosen) == NEIGHBOURHOOD_KEYS, f"neighbourhood keys {sorted(chosen)}"
        assert isinstance(chosen["current"], bool), chosen
        assert chosen["verified_at"] is None or MARKET_DATE.match(chosen["verified_at"]), chosen
    if body["neighbourhoods"]:
        assert [c["current"] for c in body["neighbourhoods"]].count(True) == 1, f"exactly one current 동: {body}"
    return body


def mine(conv: ConversationsAPI, who) -> dict:
    response = conv.call(who, "GET", "/api/market/neighbourhoods")
    expect_status(response, 200)
    return check_neighbourhoods(response.json())


def put_dongs(conv: ConversationsAPI, who, body) -> requests.Response:
    if isinstance(body, (str, bytes)):
        return conv.call(who, "PUT", "/api/market/neighbourhoods", data=body, headers={"Content-Type": "application/json"})
    return conv.call(who, "PUT", "/api/market/neighbourhoods", json=body)


def living_in(conv: ConversationsAPI, who, *codes: str, range_: str | None = None, current: str | None = None) -> dict:
    body = {"codes": list(codes), **({"range": range_} if range_ else {}), **({"current": current} if current else {})}
    response = put_dongs(conv, who, body)
    expect_status(response, 200)
    return check_neighbourhoods(response.json())


def verify(conv: ConversationsAPI, who, body) -> requests.Response:
    if isinstance(body, (str, bytes)):
        return conv.call(who, "POST", "/api/market/neighbourhoods/verify", data=body, headers={"Content-Type": "application/json"})
    return conv.call(who, "POST", "/api/market/neighbourhoods/verify", json=body)


def check_nearby_product(product) -> dict:
    assert isinstance(product, dict) and set(product) == NEARBY_KEYS, f"nearby keys {sorted(product)}"
    assert _is_int(product["id"]) and _is_int(product["distance_m"]) and product["distance_m"] >= 0, product
    assert set(product["dong"]) == {"code", "name"}, product
    assert product["state"] in ("selling", "reserved", "sold"), product
    assert product["currency"] in ("KRW", "USD"), product
    assert MARKET_DATE.match(product["bumped_at"]), product
    assert product["thumbnail"] == "" or product["thumbnail"].startswith("http"), product
    return product


def nearby(conv: ConversationsAPI, who, query: str = "") -> requests.Response:
    return conv.call(who, "GET", "/api/market/nearby" + (f"?{query}" if query else ""))


def nearby_page(conv: ConversationsAPI, who, query: str = "") -> dict:
    response = nearby(conv, who, query)
    expect_status(response, 200)
    body = response.json()
    assert isinstance(body, dict) and set(body) == {"products", "next_cursor"}, describe(response)
    assert body["next_cursor"] is None or isinstance(body["next_cursor"], str), body
    body["products"] = [check_nearby_product(p) for p in body["products"]]
    return body


def nearby_all(conv: ConversationsAPI, who, query: str = "", limit: int = 50) -> list[dict]:
    """Every product the list holds for `who`, following next_cursor to the end."""
    found, cursor = [], None
    for _ in range(200):
        parts = [query] if query else []
        parts.append(f"limit={limit}")
        if cursor:
            parts.append(f"cursor={cursor}")
        page = nearby_page(conv, who, "&".join(parts))
        found += page["products"]
        cursor = page["next_cursor"]
        if cursor is None:
            ids = [p["id"] for p in found]
            assert len(ids) == len(set(ids)), f"a product listed twice: {ids}"
            return found
    raise AssertionError("the nearby list never ended")


def nearby_ids(conv: ConversationsAPI, who, query: str = "") -> list[int]:
    return [p["id"] for p in nearby_all(conv, who, query)]


def web_sell(conv: ConversationsAPI, seller: Person, name: str, *, price: str = "30000", discounted_price: str = "0",
             category: str = "", description: str = "Solid oak, lightly used.") -> int:
    """Lists through the web's sell form (multipart, with a photo), signed in as `seller`."""
    web = WebVisitor(conv.base_url)
    assert web.log_in(seller.email, PASSWORD).status_code == 303
    form = web.page("/market/sell").select_one("form#product-form")
    assert form is not None, "the sell form"
    fields = {"_csrf": form.select_one("input[name=_csrf]")["value"], "name": name, "price": price,
              "discounted_price": discounted_price, "description": description, "category": category}
    sold = web.http.post(conv.base_url + "/market/sell", data=fields, files={"images": ("chair.png", tiny_png(), "image/png")},
                         allow_redirects=False, timeout=30)
    return int(redirect_path(sold).rsplit("/", 1)[1])


def seller_in(conv: ConversationsAPI, *codes: str) -> Person:
    seller = conv.seller()
    if codes:
        living_in(conv, seller, *codes)
    return seller


def person_in(conv: ConversationsAPI, *codes: str, range_: str | None = None) -> Person:
    person = conv.join()
    living_in(conv, person, *codes, range_=range_)
    return person


def alive(conv: ConversationsAPI) -> None:
    assert conv.http.get(conv.base_url + "/healthz", timeout=10).status_code == 200, "the server stopped answering"


# --- The place list ------------------------------------------------------------------------------


def test_the_place_list_finds_every_numbered_dong_by_its_family_name_without_a_credential(conv):
    found = places(conv, "망원동")
    assert [(p["code"], p["name"]) for p in found[:2]] == [(MANGWON_1, "망원제1동"), (MANGWON_2, "망원제2동")], found
    assert {(p["province"], p["district"]) for p in found[:2]} == {("서울특별시", "마포구")}, found
    assert found[0]["full_name"].endswith("마포구 망원제1동"), found[0]
    assert places(conv, "망원1동")[0]["code"] == MANGWON_1, "망원1동 is how people type 망원제1동"
    assert places(conv, "마포구 합정")[0]["code"] == HAPJEONG
    assert places(conv, "잠실본동")[0]["code"] == JAMSIL_BON
    assert len(places(conv, "망원동", limit=1)) == 1
    assert len(places(conv, "동", limit=50)) == 50, "limit 50 is served"
    assert places(conv, "") == [], "an empty query finds nothing"
    assert len(places(conv, "가" * 40)) == 0, "a 40-character query is read"
    # A bearer token, forged or not, is neither needed nor refused.
    with_token = conv.http.get(conv.base_url + "/api/places", params={"q": "합정동"}, headers={"Authorization": "Bearer forged"}, timeout=30)
    expect_status(with_token, 200)


@pytest.mark.parametrize("query", [
    {"q": "망원", "limit": "0"}, {"q": "망원", "limit": "51"}, {"q": "망원", "limit": "-1"}, {"q": "망원", "limit": "abc"},
    {"q": "망원", "limit": "1.5"}, {"q": "망원", "limit": "99999999999999999999"}, {"q": "망원", "limit": ""},
    {"q": "가" * 41}, {"q": "a" * 10_000},
], ids=["limit-0", "limit-51", "limit-negative", "limit-word", "limit-fraction", "limit-huge", "limit-empty", "q-41", "q-10000"])
def test_a_bad_limit_or_an_overlong_query_is_400(conv, query):
    response = conv.http.get(conv.base_url + "/api/places", params=query, timeout=30)
    expect_error(response, 400)


# --- My 동네 -------------------------------------------------------------------------------------


def test_a_person_keeps_up_to_two_dongs_one_of_them_current_and_a_range(conv):
    person, other = conv.join(), conv.join()
    assert mine(conv, person) == {"neighbourhoods": [], "range": "near"}, "a new account has none, and the nearest range"

    chosen = living_in(conv, person, MANGWON_1, MANGWON_2, current=MANGWON_2, range_="farther")
    assert [(c["code"], c["name"], c["current"], c["verified_at"]) for c in chosen["neighbourhoods"]] == [
        (MANGWON_1, "망원제1동", False, None), (MANGWON_2, "망원제2동", True, None)], chosen
    assert chosen["neighbourhoods"][0]["full_name"].endswith("마포구 망원제1동"), chosen
    assert chosen["range"] == "farther"
    assert mine(conv, person) == chosen

    refusals = [
        {"codes": [MANGWON_1, MANGWON_2, HAPJEONG]},
        {"codes": ["9999999999"]},
        {"codes": [MAPO_GU]},
        {"codes": [""]},
        {"codes": ["1144069000' OR '1'='1"]},
        {"codes": [MANGWON_1], "current": HAPJEONG},
        {"codes": [MANGWON_1], "range": "everywhere"},
        {"codes": [MANGWON_1], "range": "3000"},
    ]
    for body in refusals:
        expect_error(put_dongs(conv, person, body), 400)
        assert mine(conv, person) == chosen, f"{body} changed nothing"

    again = living_in(conv, person, HAPJEONG, HAPJEONG, MANGWON_2)
    assert [(c["code"], c["current"]) for c in again["neighbourhoods"]] == [(HAPJEONG, False), (MANGWON_2, True)], \
        "a code sent twice counts once; the current 동, kept, stays current"
    assert again["range"] == "farther", "the range is kept when left out"
    moved = living_in(conv, person, HAPJEONG, range_="NEAR")
    assert [(c["code"], c["current"]) for c in moved["neighbourhoods"]] == [(HAPJEONG, True)] and moved["range"] == "near", \
        "the current 동 dropped, the first is current"

    assert mine(conv, other) == {"neighbourhoods": [], "range": "near"}, "another account's 동네 is its own"
    cleared = living_in(conv, person)
    assert cleared["neighbourhoods"] == [], cleared


def test_changes_sent_at_once_apply_one_after_the_other(conv):
    person = conv.join()
    bodies = [[MANGWON_1, MANGWON_2], [HAPJEONG, YEOUI], [JAMSIL_BON], [PYEONGCHANG, MANGWON_1], [ULLEUNG, HAPJEONG], [YEOUI]] * 2
    with ThreadPoolExecutor(max_workers=len(bodies)) as pool:
        answers = list(pool.map(lambda codes: put_dongs(conv, person, {"codes": codes}), bodies))
    assert all(a.status_code == 200 for a in answers), [describe(a) for a in answers if a.status_code != 200]
    final = [c["code"] for c in mine(conv, person)["neighbourhoods"]]
    assert final in bodies, f"the outcome of one of the changes, not a mix: {final}"


def test_a_dong_is_verified_by_a_position_within_5_km_of_its_centre(conv):
    person = person_in(conv, MANGWON_1, HAPJEONG)
    centre = place(conv, MANGWON_1, "망원제1동")
    near_station = {"code": MANGWON_1, "latitude": centre["latitude"] + 0.003, "longitude": centre["longitude"] + 0.002}
    verified = verify(conv, person, near_station)
    expect_status(verified, 200)
    body = check_neighbourhoods(verified.json())
    by_code = {c["code"]: c for c in body["neighbourhoods"]}
    assert MARKET_DATE.match(by_code[MANGWON_1]["verified_at"] or ""), body
    assert by_code[HAPJEONG]["verified_at"] is None, "only the 동 named is verified"

    far_away = {"code": MANGWON_1, "latitude": centre["latitude"] - 0.18, "longitude": centre["longitude"]}  # 20 km south
    refused = expect_error(verify(conv, person, far_away), 400)
    assert "km" in refused["reason"], refused
    expect_error(verify(conv, person, {"code": JAMSIL_BON, "latitude": 37.503356, "longitude": 127.086419}), 400)
    expect_error(verify(conv, person, {"code": MANGWON_1, "latitude": 91, "longitude": 126.9}), 400)
    expect_error(verify(conv, person, {"code": MANGWON_1, "latitude": 37.55, "longitude": -181}), 400)
    assert mine(conv, person) == body, "refused verifications changed nothing"

    kept = living_in(conv, person, HAPJEONG, MANGWON_1)
    assert {c["code"]: c["verified_at"] for c in kept["neighbourhoods"]} == {HAPJEONG: None, MANGWON_1: by_code[MANGWON_1]["verified_at"]}, \
        "a 동 kept keeps its verification"
    stranger = conv.join()
    expect_error(verify(conv, stranger, near_station), 400)


@pytest.mark.parametrize("method,path,body", [
    ("GET", "/api/market/neighbourhoods", None),
    ("PUT", "/api/market/neighbourhoods", {"codes": [MANGWON_1]}),
    ("POST", "/api/market/neighbourhoods/verify", {"code": MANGWON_1, "latitude": 37.55, "longitude": 126.9}),
    ("GET", "/api/market/nearby", None),
    ("GET", "/api/market/keywords", None),
    ("POST", "/api/market/keywords", {"keyword": "자전거"}),
    ("DELETE", "/api/market/keywords/%EC%9E%90%EC%A0%84%EA%B1%B0", None),
])
def test_every_route_but_the_place_list_needs_a_signed_in_account(conv, method, path, body):
    for credential in (None, "Bearer not-a-token", "Bearer " + "a" * 5000):
        response = conv.call(credential, method, path, json=body)
        expect_status(response, 401)


# --- Nearby ------------------------------------------------------------------------------------


def test_a_buyer_in_hapjeong_finds_a_mangwon_listing_within_the_near_range_and_jamsil_does_not(conv):
    seller, tag = conv.seller(), unique_tag()
    placeless = conv.product(seller, name=f"Before choosing {tag}")["id"]
    living_in(conv, seller, MANGWON_1)
    by_contract = conv.product(seller, name=f"Walnut stool {tag}")["id"]
    by_form = web_sell(conv, seller, f"원목 의자 {tag}", category="furniture")

    buyer = person_in(conv, HAPJEONG)
    expected = round(metres_between(place(conv, MANGWON_1, "망원제1동"), place(conv, HAPJEONG, "합정동")))
    assert 600 < expected < 700
    for query in ("range=near", ""):  # the buyer's own range is near
        found = {p["id"]: p for p in nearby_all(conv, buyer, query)}
        assert by_contract in found and by_form in found, f"{query!r}: {sorted(found)}"
        assert placeless not in found, "a product listed before its seller chose a 동네 has no place"
        for product_id in (by_contract, by_form):
            listed = found[product_id]
            assert listed["dong"] == {"code": MANGWON_1, "name": "망원제1동"}, listed
            assert abs(listed["distance_m"] - expected) <= 1, f"{listed['distance_m']} m, expected about {expected} m"
            assert listed["state"] == "selling", listed
    assert found[by_contract]["name"] == f"Walnut stool {tag}" and found[by_contract]["bargain_price"] == 45000, found[by_contract]
    assert found[by_form]["name"] == f"원목 의자 {tag}" and found[by_form]["currency"] == "KRW", found[by_form]

    own = {p["id"]: p for p in nearby_all(conv, seller)}
    assert own[by_contract]["distance_m"] == 0, "the seller's own 동 is 0 m away"

    jamsil = person_in(conv, JAMSIL_BON)
    for range_ in ("near", "farther", "farthest"):
        assert not {by_contract, by_form, placeless} & set(nearby_ids(conv, jamsil, f"range={range_}")), \
            f"망원제1동 is 16.7 km from 잠실본동: not within {range_}"


def test_each_range_reaches_the_dongs_whose_centres_lie_within_its_radius(conv):
    tag = unique_tag()
    yeoui = conv.product(seller_in(conv, YEOUI), name=f"Yeoui lamp {tag}")["id"]
    pyeongchang = conv.product(seller_in(conv, PYEONGCHANG), name=f"Pyeongchang desk {tag}")["id"]
    hapjeong = place(conv, HAPJEONG, "합정동")
    to_yeoui = metres_between(hapjeong, place(conv, YEOUI, "여의동"))
    to_pyeongchang = metres_between(hapjeong, place(conv, PYEONGCHANG, "평창동"))
    assert 3000 < to_yeoui < 6000 < to_pyeongchang < 12000, (to_yeoui, to_pyeongchang)

    buyer = person_in(conv, HAPJEONG)
    ours = {yeoui, pyeongchang}
    assert ours & set(nearby_ids(conv, buyer, "range=near")) == set()
    assert ours & set(nearby_ids(conv, buyer, "range=farther")) == {yeoui}
    farthest = {p["id"]: p for p in nearby_all(conv, buyer, "range=farthest")}
    assert ours <= set(farthest)
    assert abs(farthest[yeoui]["distance_m"] - round(to_yeoui)) <= 1 and abs(farthest[pyeongchang]["distance_m"] - round(to_pyeongchang)) <= 1
    order = [pid for pid in farthest if pid in ours]
    assert order == [pyeongchang, yeoui], "newest first, whatever the distance"

    living_in(conv, buyer, HAPJEONG, range_="farther")
    assert ours & set(nearby_ids(conv, buyer)) == {yeoui}, "without range=, the list reads my range"
    assert ours & set(nearby_ids(conv, buyer, "range=")) == {yeoui}, "an empty range is none"
    living_in(conv, buyer, HAPJEONG, YEOUI, current=YEOUI, range_="near")
    assert yeoui in nearby_ids(conv, buyer) and pyeongchang not in nearby_ids(conv, buyer), "the current 동 is the centre"


def test_a_hidden_product_leaves_the_nearby_list_and_a_sold_one_says_so(conv):
    seller, tag = seller_in(conv, MANGWON_1), unique_tag()
    hidden = conv.product(seller, name=f"Hidden lamp {tag}")["id"]
    sold = conv.product(seller, name=f"Sold lamp {tag}")["id"]
    buyer = person_in(conv, HAPJEONG)

    expect_status(conv.call(seller, "POST", f"/api/market/products/{hidden}/hide"), 200)
    expect_status(conv.call(seller, "POST", f"/api/market/products/{sold}/sold", json={"buyer": None}), 200)
    found = {p["id"]: p for p in nearby_all(conv, buyer, f"q={tag}")}
    assert hidden not in found, "a hidden product is in no list"
    assert found[sold]["state"] == "sold", found
    assert hidden not in nearby_ids(conv, seller), "not even its seller's nearby list"

    expect_status(conv.call(seller, "POST", f"/api/market/products/{hidden}/unhide"), 200)
    assert hidden in nearby_ids(conv, buyer, f"q={tag}")


def test_giveaways_search_and_category_narrow_the_list_within_range(conv):
    tag = unique_tag()
    seller = seller_in(conv, MANGWON_1)
    giveaway = conv.product(seller, name=f"Free shelf {tag}", price=0.0, discounted_price=0.0)["id"]
    discounted_to_nothing = conv.product(seller, name=f"Free crate {tag}", price=5000.0, discounted_price=5000.0)["id"]
    priced = conv.product(seller, name=f"Oak shelf {tag}", price=20000.0)["id"]
    chair = web_sell(conv, seller, f"원목 의자 {tag}", category="furniture", description=f"결이 고운 원목 {tag} 의자")
    described = conv.product(seller, name="Plain box", description=f"mentions {tag.upper()} only here")["id"]
    far_giveaway = conv.product(seller_in(conv, JAMSIL_BON), name=f"Free shelf {tag}", price=0.0, discounted_price=0.0)["id"]
    ours = {giveaway, discounted_to_nothing, priced, chair, described, far_giveaway}
    buyer = person_in(conv, HAPJEONG)

    everything = nearby_all(conv, buyer, f"q={tag}")
    assert [p["id"] for p in everything] == [described, chair, priced, discounted_to_nothing, giveaway], \
        "the name or description holds it, newest first; the 잠실 one is out of range"
    assert [p["id"] for p in nearby_all(conv, buyer, f"q={tag.upper()}")] == [p["id"] for p in everything], "in any case"
    for flag in ("true", "1", "TRUE"):
        free = [p for p in nearby_all(conv, buyer, f"giveaway={flag}") if p["id"] in ours]
        assert [p["id"] for p in free] == [discounted_to_nothing, giveaway], flag
        assert all(p["bargain_price"] == 0 for p in free), free
    assert {p["id"] for p in nearby_all(conv, buyer, "giveaway=false")} & ours == ours - {far_giveaway}
    assert [p["id"] for p in nearby_all(conv, buyer, f"category=furniture&q={tag}")] == [chair]
    assert [p["id"] for p in nearby_all(conv, buyer, f"category=other&q={tag}")] == [described, priced, discounted_to_nothing, giveaway]
    assert nearby_all(conv, buyer, f"category=books&q={tag}") == []
    assert [p["id"] for p in nearby_all(conv, buyer, f"giveaway=true&q=shelf%20{tag}")] == [giveaway]
    assert far_giveaway in nearby_ids(conv, person_in(conv, JAMSIL_BON), f"giveaway=true&q={tag}")
    assert nearby_all(conv, buyer, "q=" + requests.utils.quote(f"{tag}%_")) == [], "% and _ are letters, not patterns"


def test_cursor_pages_hold_each_product_once_newest_first(conv):
    seller = seller_in(conv, ULLEUNG)
    listed = [conv.product(seller, name=f"Ulleung squid {n} {unique_tag()}")["id"] for n in range(7)]
    buyer = person_in(conv, ULLEUNG)

    first = nearby_page(conv, buyer, "limit=3")
    assert [p["id"] for p in first["products"]] == listed[::-1][:3], first
    assert first["next_cursor"], "more to come"
    newer = conv.product(seller, name=f"Ulleung squid late {unique_tag()}")["id"]
    rest, cursor = [], first["next_cursor"]
    sizes = []
    while cursor:
        page = nearby_page(conv, buyer, f"limit=3&cursor={cursor}")
        sizes.append(len(page["products"]))
        rest += [p["id"] for p in page["products"]]
        cursor = page["next_cursor"]
    assert rest == listed[::-1][3:], "the pages after the first go on where it ended, whatever was listed meanwhile"
    assert sizes == [3, 1], sizes
    assert nearby_ids(conv, buyer) == [newer, *listed[::-1]]
    last = nearby_page(conv, buyer, "limit=8")
    assert len(last["products"]) == 8 and last["next_cursor"] is None, "a page that holds the rest is the last"


def cursor_text(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


@pytest.mark.parametrize("query", [
    "range=everywhere", "range=3000", "range=near%00", "category=cars", "category=FURNITURE%27--", "giveaway=maybe", "giveaway=2",
    "limit=0", "limit=51", "limit=-1", "limit=abc", "limit=1e3", "limit=99999999999999999999", "limit=1.5",
    "cursor=abc!", "cursor=" + "A" * 65, "cursor=" + cursor_text("1.0"), "cursor=" + cursor_text("-5.3"),
    "cursor=" + cursor_text("abc.def"), "cursor=" + cursor_text("99999999999999999999.3"), "cursor=" + cursor_text("1.2.3"),
])
def test_a_bad_nearby_query_is_400_in_the_market_error_shape(conv, query):
    buyer = person_in(conv, HAPJEONG)
    expect_error(nearby(conv, buyer, query), 400)


def test_a_cursor_from_long_ago_is_the_end_of_the_list(conv):
    buyer = person_in(conv, HAPJEONG)
    assert nearby_page(conv, buyer, "cursor=" + cursor_text("1.1")) == {"products": [], "next_cursor": None}


def test_without_a_dong_the_nearby_list_asks_for_one_with_409(conv):
    person = conv.join()
    for query in ("", "range=farthest", "giveaway=true"):
        expect_error(nearby(conv, person, query), 409)
    living_in(conv, person, HAPJEONG)
    expect_status(nearby(conv, person), 200)
    living_in(conv, person)
    expect_error(nearby(conv, person), 409)


# --- Keywords ----------------------------------------------------------------------------------


def keywords(conv: ConversationsAPI, who) -> list[str]:
    response = conv.call(who, "GET", "/api/market/keywords")
    expect_status(response, 200)
    body = response.json()
    assert set(body) == {"keywords", "limit"} and body["limit"] == 30, body
    for item in body["keywords"]:
        assert set(item) == {"keyword", "created_at"} and MARKET_DATE.match(item["created_at"]), item
    return [item["keyword"] for item in body["keywords"]]


def add_keyword(conv: ConversationsAPI, who, body) -> requests.Response:
    if isinstance(body, (str, bytes)):
        return conv.call(who, "POST", "/api/market/keywords", data=body, headers={"Content-Type": "application/json"})
    return conv.call(who, "POST", "/api/market/keywords", json=body)


def remove_keyword(conv: ConversationsAPI, who, keyword: str) -> requests.Response:
    return conv.call(who, "DELETE", "/api/market/keywords/" + requests.utils.quote(keyword, safe=""))


def test_keywords_are_kept_trimmed_lowercased_once_and_at_most_30(conv):
    person, other = conv.join(), conv.join()
    assert keywords(conv, person) == []
    added = add_keyword(conv, person, {"keyword": "  Bike  "})
    expect_status(added, 200)
    assert [k["keyword"] for k in added.json()["keywords"]] == ["bike"]
    expect_status(add_keyword(conv, person, {"keyword": "BIKE"}), 200)
    expect_status(add_keyword(conv, person, {"keyword": "자전거"}), 200)
    assert keywords(conv, person) == ["bike", "자전거"], "one I have already stays as it is; oldest first"
    expect_status(add_keyword(conv, person, {"keyword": "가" * 20}), 200)
    for n in range(27):
        expect_status(add_keyword(conv, person, {"keyword": f"word{n}"}), 200)
    kept = keywords(conv, person)
    assert len(kept) == 30
    expect_error(add_keyword(conv, person, {"keyword": "one too many"}), 409)
    expect_status(add_keyword(conv, person, {"keyword": "Bike"}), 200)
    assert keywords(conv, person) == kept, "the 31st is refused; one kept already is still fine"

    removed = remove_keyword(conv, person, "자전거")
    expect_status(removed, 200)
    assert "자전거" not in [k["keyword"] for k in removed.json()["keywords"]]
    expect_error(remove_keyword(conv, person, "자전거"), 404)
    expect_error(remove_keyword(conv, person, "never-added"), 404)
    expect_error(remove_keyword(conv, other, "bike"), 404)
    expect_status(add_keyword(conv, person, {"keyword": "one too many"}), 200)
    assert len(keywords(conv, person)) == 30
    assert keywords(conv, other) == [], "another account's keywords are its own"


@pytest.mark.parametrize("body", [
    {"keyword": ""}, {"keyword": "   "}, {"keyword": "가" * 21}, {"keyword": "a\u0007b"}, {"keyword": "line\nbreak"},
    {"keyword": 5}, {"keyword": None}, {"keyword": ["bike"]}, {"keyword": {"bike": True}}, {}, ["bike"], "bike", None, 3,
    '{"keyword":"a\\u0000b"}', '{"keyword":', "", '{"keyword":"' + "x" * 200_000 + '"}',
], ids=lambda body: repr(body)[:40])
def test_a_bad_keyword_is_400_and_adds_nothing(conv, body):
    person = conv.join()
    response = add_keyword(conv, person, body if isinstance(body, str) else json.dumps(body))
    expect_error(response, 400)
    assert keywords(conv, person) == []


def test_a_new_listing_in_range_alerts_each_keyword_holder_once(conv):
    tag = unique_tag()
    keyword = f"k{tag}"
    seller = seller_in(conv, MANGWON_1)
    buyer = person_in(conv, HAPJEONG)                        # 635 m, near
    far = person_in(conv, JAMSIL_BON, range_="farthest")     # 16.7 km
    yeoui_near = person_in(conv, YEOUI)                      # 4.9 km, beyond near
    yeoui_farther = person_in(conv, YEOUI, range_="farther")
    placeless = conv.join()
    to_yeoui = metres_between(place(conv, MANGWON_1, "망원제1동"), place(conv, YEOUI, "여의동"))
    assert 3000 < to_yeoui < 6000, to_yeoui
    everyone = (seller, buyer, far, yeoui_near, yeoui_farther, placeless)
    for person in everyone:
        expect_status(add_keyword(conv, person, {"keyword": keyword.upper()}), 200)
    expect_status(add_keyword(conv, buyer, {"keyword": f"x{tag}"}), 200)

    def alerts(person) -> list[dict]:
        return [n for n in conv.notifications(person) if n["kind"] == "keyword_alert"]

    title = f"Samchully bike {keyword.upper()}"
    first = conv.product(seller, name=title)["id"]
    conv.product(seller, name=f"Samchully bike {unique_tag()}")                 # no keyword in its name
    conv.product(seller, name="Bike, keyword only below", description=keyword)   # names only count
    conv.product(conv.seller(), name=f"Placeless bike {keyword}")               # its seller has no 동네
    got = alerts(buyer)
    assert len(got) == 1, f"one alert for one listing: {got}"
    assert (got[0]["app"], got[0]["read"]) == ("market", False), got
    assert got[0]["text"] == f"‘{keyword}’ 새 글: {title}", got
    assert got[0]["link"] == f"/market/keywords?keyword={keyword}", got
    assert len(alerts(yeoui_farther)) == 1, "a 동 within my wider range is in range"
    for person, why in ((seller, "the seller"), (far, "16.7 km away"), (yeoui_near, "beyond 3 km"), (placeless, "no 동네")):
        assert alerts(person) == [], f"no alert for {why}"

    web = WebVisitor(conv.base_url)
    assert web.log_in(seller.email, PASSWORD).status_code == 303
    edited = web.submit(f"/market/products/{first}/edit", "form#product-form", {
        "name": f"{title} (edited)", "price": "45000", "discounted_price": "0", "description": "Lightly used, no scratches.",
    })
    assert redirect_path(edited) == f"/market/products/{first}", edited.text[:500]
    assert alerts(buyer) == got, "an edit is not a new listing"

    second = web_sell(conv, seller, f"접이식 자전거 {keyword}")
    assert second > first
    got = alerts(buyer)
    assert len(got) == 1, f"two listings while the first alert is unread make one merged alert: {got}"
    assert got[0]["text"] == f"‘{keyword}’ 새 글 2개", got
    assert all(alerts(person) == [] for person in (seller, far, yeoui_near, placeless))

    expect_status(conv.read_notifications(buyer, {}), 200)
    third = conv.product(seller, name=f"Kids bike {keyword}")["id"]
    got = alerts(buyer)
    assert [(n["read"], n["text"]) for n in got] == [(False, f"‘{keyword}’ 새 글: Kids bike {keyword}"), (True, f"‘{keyword}’ 새 글 2개")], \
        f"once read, the next listing ({third}) is told of anew: {got}"
    for item in conv.notifications(buyer):
        check_notification(item)


# --- Hostile bodies ----------------------------------------------------------------------------

HOSTILE_DONG_BODIES = {
    "codes-string": '{"codes":"1144069000"}',
    "codes-numbers": '{"codes":[1144069000]}',
    "codes-null": '{"codes":null}',
    "codes-missing": '{"range":"near"}',
    "codes-nested": '{"codes":[["1144069000"]]}',
    "codes-objects": '{"codes":[{"code":"1144069000"}]}',
    "codes-bools": '{"codes":[true]}',
    "range-number": '{"codes":["1144069000"],"range":3}',
    "current-array": '{"codes":["1144069000"],"current":["1144069000"]}',
    "array": '["1144069000"]',
    "null": "null",
    "string": '"1144069000"',
    "number": "3000",
    "empty": "",
    "truncated": '{"codes":["1144069000"',
    "nul-code": '{"codes":["1144069000\\u0000"]}',
    "three-thousand-codes": json.dumps({"codes": [str(n) for n in range(3000)]}),
    "a-hundred-thousand-codes": json.dumps({"codes": [MANGWON_1] * 100_000}),
    "one-huge-code": json.dumps({"codes": ["1" * 200_000]}),
    "deep": '{"codes":' + "[" * 5000 + "]" * 5000 + "}",
}

HOSTILE_VERIFY_BODIES = {
    "code-number": '{"code":1144069000,"latitude":37.55,"longitude":126.91}',
    "latitude-string": '{"code":"1144069000","latitude":"37.55","longitude":126.91}',
    "latitude-null": '{"code":"1144069000","latitude":null,"longitude":126.91}',
    "latitude-bool": '{"code":"1144069000","latitude":true,"longitude":126.91}',
    "latitude-huge": '{"code":"1144069000","latitude":1e400,"longitude":126.91}',
    "latitude-array": '{"code":"1144069000","latitude":[37.55],"longitude":126.91}',
    "longitude-missing": '{"code":"1144069000","latitude":37.55}',
    "latitude-off-the-globe": '{"code":"1144069000","latitude":-90.0001,"longitude":126.91}',
    "longitude-off-the-globe": '{"code":"1144069000","latitude":37.55,"longitude":180.5}',
    "array": "[37.55,126.91]",
    "null": "null",
    "empty": "",
    "huge-code": json.dumps({"code": "1" * 200_000, "latitude": 37.55, "longitude": 126.91}),
}


@pytest.fixture(scope="module")
def settled(conv) -> Person:
    """Someone with 동네 whose every hostile request must change nothing."""
    person = conv.join()
    living_in(conv, person, MANGWON_1, HAPJEONG, range_="farther")
    return person


@pytest.mark.parametrize("body", list(HOSTILE_DONG_BODIES.values()), ids=list(HOSTILE_DONG_BODIES))
def test_a_hostile_neighbourhoods_body_is_400_and_changes_nothing(conv, settled, body):
    before = mine(conv, settled)
    expect_error(put_dongs(conv, settled, body), 400)
    alive(conv)
    assert mine(conv, settled) == before


@pytest.mark.parametrize("body", list(HOSTILE_VERIFY_BODIES.values()), ids=list(HOSTILE_VERIFY_BODIES))
def test_a_hostile_verification_body_is_400_and_verifies_nothing(conv, settled, body):
    expect_error(verify(conv, settled, body), 400)
    alive(conv)
    assert all(c["verified_at"] is None for c in mine(conv, settled)["neighbourhoods"])


@pytest.mark.parametrize("content_type", ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"])
def test_a_neighbourhoods_body_in_another_media_type_is_refused(conv, settled, content_type):
    before = mine(conv, settled)
    response = conv.call(settled, "PUT", "/api/market/neighbourhoods", data=f"codes={JAMSIL_BON}", headers={"Content-Type": content_type})
    assert response.status_code in (400, 415), describe(response)
    alive(conv)
    assert mine(conv, settled) == before


# --- PostgreSQL ----------------------------------------------------------------------------------
# The nearby query and the keyword match are SQL of each database's own (SQLite's R*Tree and
# instr, PostgreSQL's point-in-box index and strpos): the core of the above again on PostgreSQL,
# `TEST_DATABASE_URL` or the local server .ci/run sets up; skipped without one, except in CI.

PG_ADMIN_URL = os.environ.get("TEST_DATABASE_URL") or "postgres://sprout:sprout@127.0.0.1:5432/sprout_test"


@pytest.fixture(scope="module")
def pg_conv(tmp_path_factory):
    created = create_database(PG_ADMIN_URL, "sprout_nearby_")
    if not created:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI needs PostgreSQL: could not create a database through {PG_ADMIN_URL}")
        pytest.skip("PostgreSQL is not reachable (set TEST_DATABASE_URL)")
    scratch, url = created
    server = None
    try:
        server = start_server(tmp_path_factory.mktemp("nearby-postgres"), {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false", "DATABASE_URL": url})
        yield ConversationsAPI(server.base_url)
    finally:
        if server:
            server.stop()
        drop_database(PG_ADMIN_URL, scratch)


def test_the_nearby_list_and_keyword_alerts_on_postgresql(pg_conv):
    conv, tag = pg_conv, unique_tag()
    keyword = f"k{tag}"
    buyer, far = person_in(conv, HAPJEONG), person_in(conv, JAMSIL_BON, range_="farthest")
    for person in (buyer, far):
        expect_status(add_keyword(conv, person, {"keyword": keyword}), 200)
    seller = seller_in(conv, MANGWON_1)
    listed = [conv.product(seller, name=f"Walnut stool {n} {tag}")["id"] for n in range(4)]
    giveaway = conv.product(seller, name=f"Free shelf {keyword}", price=0.0, discounted_price=0.0)["id"]
    chair = web_sell(conv, seller, f"원목 의자 {tag}", category="furniture")
    yeoui = conv.product(seller_in(conv, YEOUI), name=f"Yeoui lamp {tag}")["id"]

    newest_first = [yeoui, chair, giveaway, *listed[::-1]]
    assert nearby_ids(conv, buyer, "range=farther") == newest_first
    found = {p["id"]: p for p in nearby_all(conv, buyer, "range=near")}
    assert list(found) == [chair, giveaway, *listed[::-1]]
    expected = round(metres_between(place(conv, MANGWON_1, "망원제1동"), place(conv, HAPJEONG, "합정동")))
    assert all(abs(p["distance_m"] - expected) <= 1 and p["dong"]["code"] == MANGWON_1 for p in found.values()), found
    paged, cursor = [], None
    while True:
        page = nearby_page(conv, buyer, "range=farthest&limit=2" + (f"&cursor={cursor}" if cursor else ""))
        paged += [p["id"] for p in page["products"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert paged == newest_first
    assert [p["id"] for p in nearby_all(conv, buyer, "giveaway=true")] == [giveaway]
    assert [p["id"] for p in nearby_all(conv, buyer, f"q=WALNUT%20STOOL%202%20{tag}")] == [listed[2]]
    assert [p["id"] for p in nearby_all(conv, buyer, "category=furniture")] == [chair]
    assert nearby_ids(conv, far, "range=farthest") == []

    alerts = [n for n in conv.notifications(buyer) if n["kind"] == "keyword_alert"]
    assert [n["text"] for n in alerts] == [f"‘{keyword}’ 새 글: Free shelf {keyword}"], alerts
    assert [n for n in conv.notifications(far) if n["kind"] == "keyword_alert"] == []
