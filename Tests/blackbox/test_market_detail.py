"""GET /api/products/{id}: the detail shape Dotori's ProductDetailResponse decodes, the images it
points at (served with the right type, stripped of EXIF, turned upright), and 404s."""
from __future__ import annotations

import pytest

from pyhelpers.market_api import (DATE, check_detail, expect_error, expect_status, fixture_image,
                                  image_size, tiny_png)

SECRET_ARTIST = b"sprout-secret-artist"


@pytest.fixture(scope="module")
def rotated(market, seller):
    """A product whose first image is the 60x40 orientation-6 JPEG carrying EXIF text."""
    assert SECRET_ARTIST in fixture_image("exif-rotated.jpg")
    assert image_size(fixture_image("exif-rotated.jpg")) == (60, 40)
    return market.create_product(seller, images=[fixture_image("exif-rotated.jpg"), fixture_image("transparent.png")],
                                 name="Rotated", description="EXIF says rotate 90°", price=1200.0,
                                 discounted_price=50.0, stock=7, currency="USD")


def test_detail_has_the_2022b_shape(market, rotated, seller):
    detail = market.product(rotated["id"])
    assert "vendorName" not in detail
    assert detail["id"] == rotated["id"]
    assert (detail["name"], detail["description"], detail["currency"]) == ("Rotated", "EXIF says rotate 90°", "USD")
    assert (detail["price"], detail["discounted_price"], detail["bargain_price"], detail["stock"]) == (1200, 50, 1150, 7)
    assert detail["vendor_id"] == seller.vendor_id
    assert detail["vendors"]["id"] == seller.vendor_id and detail["vendors"]["name"] == seller.name
    assert len(detail["images"]) == 2
    assert [image["id"] for image in detail["images"]] == [image["id"] for image in rotated["images"]]
    assert detail["created_at"] == rotated["created_at"][:19]


def test_a_trailing_slash_gives_the_same_detail(market, rotated):
    response = market.detail(rotated["id"], trailing_slash=True)
    expect_status(response, 200)
    assert check_detail(response.json()) == market.product(rotated["id"])


def test_dotoris_multipart_content_type_on_a_get_is_ignored(market, rotated):
    with_header = market.detail(rotated["id"], dotori_header=True)
    without = market.detail(rotated["id"], dotori_header=False)
    expect_status(with_header, 200)
    assert with_header.json() == without.json()


@pytest.mark.parametrize("product_id", ["999999999", "0", "-1", "abc", "1.5"])
def test_unknown_or_non_numeric_ids_are_404(market, product_id):
    expect_error(market.detail(product_id), 404)


def image_type(data: bytes) -> str:
    if data[:2] == b"\xff\xd8":
        return "image/jpeg"
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "image/png"
    raise AssertionError(f"not a JPEG or PNG: {data[:16]!r}")


def test_every_image_url_serves_its_bytes_with_the_right_type(market, rotated):
    for image in market.product(rotated["id"])["images"]:
        for url in (image["url"], image["thumbnail_url"]):
            response = market.fetch(url)
            expect_status(response, 200)
            assert response.headers["Content-Type"].split(";")[0] == image_type(response.content), url


def test_exif_metadata_is_stripped(market, rotated):
    image = market.product(rotated["id"])["images"][0]
    for url in (image["url"], image["thumbnail_url"]):
        assert SECRET_ARTIST not in market.fetch(url).content, url


def test_exif_orientation_is_applied(market, rotated):
    image = market.product(rotated["id"])["images"][0]
    assert image_size(market.fetch(image["url"]).content) == (40, 60)
    width, height = image_size(market.fetch(image["thumbnail_url"]).content)
    assert height > width


def test_images_keep_their_upload_order(market, seller):
    sizes = [(9, 5), (5, 9), (7, 7)]
    product = market.create_product(seller, images=[tiny_png(w, h) for w, h in sizes])
    detail = market.product(product["id"])
    assert [image_size(market.fetch(image["url"]).content) for image in detail["images"]] == sizes
    assert detail["thumbnail"] == detail["images"][0]["thumbnail_url"]


def test_detail_dates_have_no_fraction(market, rotated):
    detail = market.product(rotated["id"])
    dates = [detail["created_at"], detail["issued_at"], detail["vendors"]["created_at"], detail["vendors"]["issued_at"]]
    dates += [image["issued_at"] for image in detail["images"]]
    assert all(DATE.match(date) for date in dates), dates
