"""1,000 pairs matching at once: each pair's first person has asked the second; then the second
accepts while the first asks again (the mutual-request path), all pairs concurrently. Every pair
must end matched with each other, exactly once.

    python3 bench/study_race.py BASE_URL PAIRS
"""
from __future__ import annotations

import sys
import time
from concurrent.futures import ThreadPoolExecutor

import requests

from study_setup import sign_in

session = requests.Session()
session.mount("http://", requests.adapters.HTTPAdapter(pool_connections=64, pool_maxsize=64))


def post(base, path, token, data=None):
    return session.post(base + path, data=data, headers={"idtoken": token}).status_code


def person(base: str, index: int) -> tuple[str, str]:
    phone = f"+8210{77000000 + index}"
    token = sign_in(base, phone)
    assert post(base, "/v1/user", token, {"phoneNumber": phone, "FCMtoken": "bench", "nick": f"짝{index}",
                                          "birth": "1998-03-01T00:00:00.000Z", "email": "race@example.com", "gender": index % 2}) == 200
    uid = session.get(base + "/v1/user", headers={"idtoken": token}).json()["uid"]
    assert post(base, "/v1/queue", token, {"lat": 37.5 + index * 1e-5, "long": 127.0, "studylist": "swift"}) == 200
    return token, uid


def main() -> None:
    base, pairs = sys.argv[1], int(sys.argv[2])
    with ThreadPoolExecutor(16) as pool:
        people = list(pool.map(lambda i: person(base, i), range(2 * pairs)))
    firsts, seconds = people[0::2], people[1::2]
    with ThreadPoolExecutor(16) as pool:
        assert set(pool.map(lambda p: post(base, "/v1/queue/studyrequest", p[0][0], {"otheruid": p[1][1]}), zip(firsts, seconds))) == {200}

    def race(pair):
        (token_a, uid_a), (token_b, uid_b) = pair
        with ThreadPoolExecutor(2) as duo:
            accept = duo.submit(post, base, "/v1/queue/studyaccept", token_b, {"otheruid": uid_a})
            again = duo.submit(post, base, "/v1/queue/studyrequest", token_a, {"otheruid": uid_b})
            return accept.result(), again.result()

    started = time.monotonic()
    with ThreadPoolExecutor(64) as pool:
        outcomes = list(pool.map(race, zip(firsts, seconds)))
    elapsed = time.monotonic() - started
    wrong = 0
    for (token_a, uid_a), (token_b, uid_b) in zip(firsts, seconds):
        state_a = session.get(base + "/v1/queue/myQueueState", headers={"idtoken": token_a}).json()
        state_b = session.get(base + "/v1/queue/myQueueState", headers={"idtoken": token_b}).json()
        if not (state_a["matchedUid"] == uid_b and state_b["matchedUid"] == uid_a):
            wrong += 1
    codes = sorted(set(outcomes))
    print(f"pairs {pairs}: {2 * pairs} requests in {elapsed:.2f} s ({2 * pairs / elapsed:.0f} req/s); "
          f"answers (accept, request again) {codes}; pairs not matched with each other: {wrong}")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
