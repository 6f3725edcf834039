"""What the request log may say: the route's pattern, never a path's tokens or ids."""
from __future__ import annotations

from pyhelpers.market_api import MarketAPI, swift_json


def test_the_delete_token_never_reaches_the_log(start_sprout):
    server = start_sprout({"SPROUT_DEMO_DATA": "false"})
    market = MarketAPI(server.base_url)
    seller = market.new_vendor()
    product = market.create_product(seller)
    secret = market.product_secret(seller.identifier, product["id"], swift_json(seller.secret))
    assert secret.status_code == 200, secret.text
    token = secret.text.strip()
    deleted = market.delete(seller.identifier, f"/api/products/{product['id']}/{token}")
    assert deleted.status_code == 200, deleted.text

    server.stop()  # flushes the log
    log = server.output()
    assert token not in log
    assert "/api/products/:id/:token" in log, "the line names the route's pattern"
