"""Booking under contention: CONTENDERS students, each enrolled in one lesson, all try to book
every one of SLOTS open slots at once (each slot asked for by every student, in shuffled order,
over 64 client threads). Each slot must end booked exactly once; every other attempt is a 409.
The same client then asks nginx for the 409's bytes as often, as the ceiling of this machine
and this client.

    python3 bench/booking_race.py SPROUT_URL NGINX_URL SLOTS CONTENDERS
"""
from __future__ import annotations

import random
import statistics
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone

import requests

session = requests.Session()
session.mount("http://", requests.adapters.HTTPAdapter(pool_connections=64, pool_maxsize=64))


def lslp(base: str, key: str, method: str, path: str, token: str | None = None, **kwargs) -> requests.Response:
    headers = {"SesacKey": key, **({"Authorization": token} if token else {})}
    return session.request(method, base + path, headers=headers, timeout=60, **kwargs)


def member(base: str, key: str, teacher: bool) -> str:
    tag = uuid.uuid4().hex[:10]
    body = {"email": f"b{tag}@example.com", "password": f"pw-{tag}", "nick": f"b{tag}", "phoneNum": "1" if teacher else ""}
    assert lslp(base, key, "POST", "/v1/users/join", json=body).status_code == 200
    return lslp(base, key, "POST", "/v1/users/login", json={"email": body["email"], "password": body["password"]}).json()["accessToken"]


def bearer(token: str) -> dict:
    return {"Authorization": "Bearer " + token}


def timed(call) -> tuple[int, float]:
    started = time.perf_counter()
    status = call()
    return status, time.perf_counter() - started


def report(name: str, results: list[tuple[int, float]], elapsed: float) -> float:
    latencies = sorted(latency for _, latency in results)
    rate = len(results) / elapsed
    p99 = latencies[int(len(latencies) * 0.99) - 1]
    print(f"{name}: {len(results)} requests in {elapsed:.2f} s ({rate:.0f} req/s), p50 {statistics.median(latencies) * 1000:.1f} ms, "
          f"p99 {p99 * 1000:.1f} ms")
    return rate


def main() -> None:
    base, nginx, slots, contenders = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    key = sys.argv[5]
    teacher = member(base, key, teacher=True)
    lesson = lslp(base, key, "POST", "/v1/posts", teacher, json={
        "title": "경쟁 예약", "price": 100 * 1000, "content": "bench", "content1": "피아노", "content2": "서울", "content3": "취미",
        "content4": "", "content5": "", "product_id": "allforlesson", "files": []}).json()["post_id"]
    assert session.put(f"{base}/api/lessons/{lesson}/terms", headers=bearer(teacher),
                       json={"sessions": 100, "minutes_per_session": 30, "format": "online"}).status_code == 200
    start = datetime.now(timezone.utc).replace(minute=0, second=0, microsecond=0) + timedelta(days=1)
    ids = []
    for index in range(slots):
        at = (start + timedelta(minutes=30 * index)).strftime("%Y-%m-%dT%H:%M:%SZ")
        opened = session.post(f"{base}/api/lessons/{lesson}/slots", headers=bearer(teacher), json={"starts_at": at, "minutes": 30})
        assert opened.status_code == 200, opened.text
        ids.append(opened.json()["slots"][0]["slot_id"])

    def enrol(_):
        token = member(base, key, teacher=False)
        window = lslp(base, key, "POST", "/v1/sandbox/payments", token, json={"post_id": lesson, "amount": 100 * 1000}).json()
        assert lslp(base, key, "POST", "/v1/payments/validation", token, json={"imp_uid": window["imp_uid"], "post_id": lesson}).status_code == 200
        enrolment = session.get(f"{base}/api/lessons/enrolments", headers=bearer(token)).json()["enrolments"][0]["enrolment_id"]
        return token, enrolment

    with ThreadPoolExecutor(8) as pool:
        students = list(pool.map(enrol, range(contenders)))
    attempts = [(student, slot) for slot in ids for student in students]
    random.Random(20261128).shuffle(attempts)

    def book(attempt):
        (token, enrolment), slot = attempt
        return timed(lambda: session.post(f"{base}/api/lessons/enrolments/{enrolment}/bookings", headers=bearer(token),
                                          json={"slot_id": slot}).status_code)

    started = time.perf_counter()
    with ThreadPoolExecutor(64) as pool:
        results = list(pool.map(book, attempts))
    sprout_rate = report("sprout  booking", results, time.perf_counter() - started)
    won = sum(1 for status, _ in results if status == 200)
    lost = sum(1 for status, _ in results if status == 409)
    other = len(results) - won - lost
    listed = session.get(f"{base}/api/lessons/{lesson}/slots", headers=bearer(teacher), params={"from": start.strftime("%Y-%m-%d"),
                                                                                              "to": (start + timedelta(days=60)).strftime("%Y-%m-%d")}).json()
    still_open = sum(1 for slot in listed["slots"] if slot["available"])

    started = time.perf_counter()
    with ThreadPoolExecutor(64) as pool:
        ceiling = list(pool.map(lambda _: timed(lambda: session.get(nginx + "/taken.json").status_code), range(len(attempts))))
    nginx_rate = report("nginx   same bytes", ceiling, time.perf_counter() - started)
    print(f"slots {slots}, contenders {contenders}: {won} booked (one per slot: {won == slots}), {lost} answered 409, "
          f"{other} other answers, {still_open} slots still open; sprout/nginx {sprout_rate / nginx_rate:.3f}")
    sys.exit(0 if won == slots and other == 0 and still_open == 0 else 1)


if __name__ == "__main__":
    main()
