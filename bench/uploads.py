"""Times photo uploads as a phone sends them (issue 14, item 1): a 4032×3024 JPEG of 3 MB posted
to the lessons upload (`/v1/posts/files`), which runs the whole server path: the multipart body
read, the size and pixel checks, decoding, shrinking to 2,048 px and a thumbnail, and the writes.
The same bytes posted to nginx, which reads and discards them, are the ceiling.

Then a sell with two 12-megapixel photos (issue 32, item 7): `POST /api/products` from a new
vendor, one at a time, against libvips alone working the same two photos one after the other
(`uploads_vips`, measured by uploads.sh in the same run, VIPS_MS).

usage: uploads.py SPROUT_URL DEV_KEY TOKEN NGINX_SINK_URL SELL_PHOTO VIPS_MS"""
from __future__ import annotations

import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Tests"))
from pyhelpers.lessons_posts import solid_jpeg  # noqa: E402
from pyhelpers.market_api import MarketAPI, expect_status, product_params  # noqa: E402

SEQUENTIAL = 12
CONCURRENT, CONCURRENT_UPLOADS = 4, 24
PHOTO_BYTES = 3_000_000
SELLS = 9


def phone_photo() -> bytes:
    """12 megapixels decode like any phone photo; COM segments pad the file to a phone's size."""
    body = solid_jpeg(4032, 3024, (120, 160, 90))
    padding, segments = PHOTO_BYTES - len(body), b""
    while padding > 4:
        chunk = min(padding, 65535)
        segments += b"\xff\xfe" + chunk.to_bytes(2, "big") + b"c" * (chunk - 2)
        padding -= chunk + 2
    return body[:2] + segments + body[2:]


def timed(session: requests.Session, url: str, headers: dict, photo: bytes) -> float:
    start = time.perf_counter()
    answer = session.post(url, headers=headers, files=[("files", ("phone.jpg", photo, "image/jpeg"))], timeout=120)
    elapsed = time.perf_counter() - start
    if answer.status_code not in (200, 204):
        sys.exit(f"bench: {url} answered {answer.status_code}: {answer.text[:300]}")
    return elapsed


def measure(url: str, headers: dict, photo: bytes) -> tuple[float, float, float]:
    """(p50 ms, p90 ms) one at a time, then uploads/s from CONCURRENT clients at once."""
    with requests.Session() as session:
        timed(session, url, headers, photo)  # warm up
        times = sorted(timed(session, url, headers, photo) for _ in range(SEQUENTIAL))
    sessions = [requests.Session() for _ in range(CONCURRENT)]
    start = time.perf_counter()
    with ThreadPoolExecutor(CONCURRENT) as pool:
        list(pool.map(lambda i: timed(sessions[i % CONCURRENT], url, headers, photo), range(CONCURRENT_UPLOADS)))
    rate = CONCURRENT_UPLOADS / (time.perf_counter() - start)
    return statistics.median(times) * 1000, times[int(len(times) * 0.9) - 1] * 1000, rate


def sell_p50(sprout_url: str, photo: bytes) -> float:
    """Milliseconds a sell with two copies of `photo` takes, the median of SELLS after one."""
    market = MarketAPI(sprout_url)
    vendor = market.new_vendor()
    times = []
    for _ in range(SELLS + 1):
        start = time.perf_counter()
        answer = market.register(vendor.identifier, {**product_params(), "secret": vendor.secret}, [photo, photo])
        times.append(time.perf_counter() - start)
        expect_status(answer, 200)
    return statistics.median(times[1:]) * 1000


def main() -> None:
    sprout_url, dev_key, token, sink_url, sell_photo, vips_ms = sys.argv[1:7]
    photo = phone_photo()
    sprout = measure(f"{sprout_url}/v1/posts/files", {"SesacKey": dev_key, "Authorization": token}, photo)
    nginx = measure(sink_url, {}, photo)
    print(f"\n{'photo upload (4032x3024, ' + str(len(photo) // 1000) + ' kB)':<40} {'sprout':>10} {'nginx':>10} {'sprout/nginx':>13}")
    print(f"{'one at a time, p50 ms':<40} {sprout[0]:>10.0f} {nginx[0]:>10.0f}")
    print(f"{'one at a time, p90 ms':<40} {sprout[1]:>10.0f} {nginx[1]:>10.0f}")
    print(f"{f'{CONCURRENT} at once, uploads/s':<40} {sprout[2]:>10.2f} {nginx[2]:>10.2f} {sprout[2] / nginx[2]:>13.3f}")
    sell_photo_bytes = Path(sell_photo).read_bytes()
    sell = sell_p50(sprout_url, sell_photo_bytes)
    reference = float(vips_ms)
    print(f"\n{'sell, two 4032x3024 photos (' + str(len(sell_photo_bytes) // 1000) + ' kB each)':<40} {'sprout':>10} {'libvips':>10} {'sprout/vips':>13}")
    print(f"{'one at a time, p50 ms':<40} {sell:>10.0f} {reference:>10.0f} {sell / reference:>13.3f}")


if __name__ == "__main__":
    main()
