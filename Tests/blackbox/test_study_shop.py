"""The SeSAC Study shop as the iOS clients call it (spec §5): the form-encoded base64 receipt and
product id to `/v1/user/shop/ios`, the owned badges from `/v1/user/shop/myinfo`, and the chosen
face and background to `/v1/user/shop/item`. Receipts are Sprout's development ones (the default
`SPROUT_RECEIPTS=sandbox`)."""
from __future__ import annotations

import base64
import json
import random
from concurrent.futures import ThreadPoolExecutor
import urllib.parse

import pytest

from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server
from pyhelpers.study_api import GLSME, StudyClient

MINT = "com.memolease.sesac1.sprout2"
CITY = "com.memolease.sesac1.background1"


@pytest.fixture(scope="module")
def shop_server(tmp_path_factory):
    server = start_server(tmp_path_factory.mktemp("study-shop"), {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false"})
    yield server
    server.stop()


def receipt(product: str, transaction: str) -> str:
    return base64.b64encode(json.dumps({"in_app": [{"product_id": product, "transaction_id": transaction}]}).encode()).decode()


def signed_up(base: str) -> StudyClient:
    client = StudyClient.signed_in(base, GLSME)
    assert client.sign_up(f"상점{random.randrange(10**6)}"[:10]).status_code == 200
    return client


def buy(client: StudyClient, product: str, transaction: str):
    form = urllib.parse.urlencode({"receipt": receipt(product, transaction), "product": product})
    return client.send("POST", "/v1/user/shop/ios", form)


def choose(client: StudyClient, sesac, background):
    return client.send("POST", "/v1/user/shop/item", f"sesac={sesac}&background={background}")


def test_buy_then_show_the_items(shop_server):
    base = shop_server.base_url
    me = signed_up(base)
    assert choose(me, 2, 0).status_code == 201, "구매가 필요한 아이템이 있어요"
    transaction = f"tx-{random.randrange(10**9)}"
    assert buy(me, MINT, transaction).status_code == 200
    assert buy(me, CITY, transaction + "-city").status_code == 200
    info = me.send("GET", "/v1/user/shop/myinfo").json()
    assert info["sesacCollection"] == [0, 2] and info["backgroundCollection"] == [0, 1]
    assert sorted(info["transactionId"]) == sorted([transaction, transaction + "-city"])
    assert choose(me, 2, 1).status_code == 200
    user = me.send("GET", "/v1/user").json()
    assert (user["sesac"], user["background"]) == (2, 1)
    assert set(user) == set(info), "myinfo is the User JSON"


def test_refusals_change_nothing(shop_server):
    base = shop_server.base_url
    me, other = signed_up(base), signed_up(base)
    transaction = f"tx-{random.randrange(10**9)}"
    assert buy(me, MINT, transaction).status_code == 200
    assert buy(other, MINT, transaction).status_code == 201, "a replay from another account"
    assert other.send("POST", "/v1/user/shop/ios", "receipt=bm9wZQ%3D%3D&product=" + MINT).status_code == 201
    assert other.send("POST", "/v1/user/shop/ios", "product=" + MINT).status_code == 501
    for sesac, background in [(5, 0), (-1, 0), ("1.5", 0), ("1e308", 0), ("99999999999999999999", 0), ("%00", 0), ("", 0), (0, ""), (0, 8)]:
        assert choose(me, sesac, background).status_code == 501, (sesac, background)
    assert other.send("GET", "/v1/user/shop/myinfo").json()["sesacCollection"] == [0]
    assert me.send("GET", "/v1/user").json()["sesac"] == 0
    assert shop_server.process.poll() is None, "the server is alive"


def test_a_replay_by_the_same_account_grants_nothing_more(shop_server):
    me = signed_up(shop_server.base_url)
    transaction = f"tx-{random.randrange(10**9)}"
    assert buy(me, MINT, transaction).status_code == 200
    assert buy(me, MINT, transaction).status_code == 200, "a retry after a lost answer is still mine"
    info = me.send("GET", "/v1/user/shop/myinfo").json()
    assert info["sesacCollection"] == [0, 2] and info["transactionId"] == [transaction]


def test_the_same_purchase_from_many_accounts_at_once_is_granted_once(shop_server):
    people = [signed_up(shop_server.base_url) for _ in range(4)]
    transaction = f"race-{random.randrange(10**9)}"
    with ThreadPoolExecutor(len(people)) as pool:
        codes = list(pool.map(lambda person: buy(person, CITY, transaction).status_code, people))
    assert sorted(codes) == [200, 201, 201, 201], codes
    owners = [p for p in people if 1 in p.send("GET", "/v1/user/shop/myinfo").json()["backgroundCollection"]]
    assert len(owners) == 1


def test_tokens_and_signup_are_checked(shop_server):
    base = shop_server.base_url
    stranger = StudyClient.signed_in(base, GLSME)
    assert stranger.send("GET", "/v1/user/shop/myinfo").status_code == 406
    assert choose(stranger, 0, 0).status_code == 406
    assert buy(stranger, MINT, "tx-stranger").status_code == 406
    for path, body in [("/v1/user/shop/myinfo", None), ("/v1/user/shop/item", "sesac=0&background=0"),
                       ("/v1/user/shop/ios", "receipt=x&product=" + MINT)]:
        method = "GET" if body is None else "POST"
        assert stranger.send(method, path, body, token=None).status_code == 401
        assert stranger.send(method, path, body, token="not.a.token").status_code == 401
