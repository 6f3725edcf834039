"""Token expiry as a client lives it (§3.2), against real clocks, and tokens across a restart."""
from __future__ import annotations

import time

from pyhelpers.lessons_api import LessonsAPI, expect_error, expect_status


def sleep_until(moment: float) -> None:
    time.sleep(max(0.0, moment - time.time()))


def sleep_to_next_second() -> None:
    # Tokens carry whole-second expiry times, so a 1 s token issued just after a second begins
    # is good for almost a full second, long enough to use it once without racing the clock.
    sleep_until(int(time.time()) + 1.05)


def test_expired_access_token_refreshes_until_the_refresh_token_expires(start_sprout):
    server = start_sprout({"SPROUT_ACCESS_TOKEN_TTL": "1", "SPROUT_REFRESH_TOKEN_TTL": "5"})
    api = LessonsAPI(server.base_url, server.dev_key())

    leaving, staying = api.new_account(), api.new_account()
    sleep_to_next_second()
    leaver = api.sign_in(leaving)
    expect_status(api.withdraw(leaver["accessToken"]), 200)

    session = api.sign_in(staying)
    issued_by = time.time()
    sleep_until(issued_by + 1.2)

    expect_error(api.profile(session["accessToken"]), 419)
    # A withdrawn account's session is gone, whatever the server calls it.
    gone = api.refresh(leaver["accessToken"], leaver["refreshToken"])
    assert gone.status_code in (401, 418) and "accessToken" not in gone.json(), gone.text

    sleep_to_next_second()
    refreshed = api.refresh(session["accessToken"], session["refreshToken"])
    expect_status(refreshed, 200)
    expect_status(api.profile(refreshed.json()["accessToken"]), 200)

    sleep_until(issued_by + 5.3)
    expect_error(api.refresh(session["accessToken"], session["refreshToken"]), 418)


def test_tokens_survive_a_restart_on_the_same_data(start_sprout, tmp_path):
    first = start_sprout(workdir=tmp_path)
    session = LessonsAPI(first.base_url, first.dev_key()).sign_in()
    first.stop()

    second = start_sprout(workdir=tmp_path)
    api = LessonsAPI(second.base_url, second.dev_key())
    assert second.dev_key() == first.dev_key()
    expect_status(api.profile(session["accessToken"]), 200)
    # 409 "not expired yet" proves the server still accepts both tokens as its own.
    expect_error(api.refresh(session["accessToken"], session["refreshToken"]), 409)
