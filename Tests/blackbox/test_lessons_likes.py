"""Lessons contract §2.4 L1–L4: like (the legacy "reservation") and like-2 (the bookmark), and the
"my liked posts" lists."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from pyhelpers.lessons_api import expect_error, expect_status
from pyhelpers.lessons_posts import check_page, ids, unique_product, walk

KINDS = ["like", "like-2"]
LIST_KEY = {"like": "likes", "like-2": "likes2"}
OTHER = {"like": "like-2", "like-2": "like"}


@pytest.mark.parametrize("kind", KINDS)
def test_liking_adds_me_once_and_unliking_removes_me(teacher, student, intruder, kind):
    post = teacher.new_post(unique_product())
    key = LIST_KEY[kind]
    student.set_like(post["post_id"], True, kind)
    student.set_like(post["post_id"], True, kind)  # idempotent: the desired state, not a toggle
    intruder.set_like(post["post_id"], True, kind)
    after = student.fetch_post(post["post_id"])
    assert sorted(after[key]) == sorted([student.user_id, intruder.user_id])
    assert after[LIST_KEY[OTHER[kind]]] == []

    student.set_like(post["post_id"], False, kind)
    student.set_like(post["post_id"], False, kind)
    assert student.fetch_post(post["post_id"])[key] == [intruder.user_id]


@pytest.mark.parametrize("kind", KINDS)
def test_racing_likes_of_one_user_count_once(teacher, student, kind):
    post = teacher.new_post(unique_product())
    start = threading.Barrier(8)

    def like(_):
        start.wait()
        return student.like(post["post_id"], True, kind)

    with ThreadPoolExecutor(8) as pool:
        responses = list(pool.map(like, range(8)))
    for response in responses:
        expect_status(response, 200)
    assert student.fetch_post(post["post_id"])[LIST_KEY[kind]] == [student.user_id]
    assert mine(student.liked(kind), post["product_id"]) == [post["post_id"]]


@pytest.mark.parametrize("kind", KINDS)
def test_unliking_what_i_never_liked_is_fine(teacher, student, kind):
    post = teacher.new_post(unique_product())
    student.set_like(post["post_id"], False, kind)
    assert student.fetch_post(post["post_id"])[LIST_KEY[kind]] == []


@pytest.mark.parametrize("kind", KINDS)
def test_the_app_bookmark_toggle(teacher, student, kind):
    # like_status = not (my user_id in likes2), taken from the last detail, then re-fetch (§2.4).
    post = teacher.new_post(unique_product())
    for expected in (True, False, True):
        detail = student.fetch_post(post["post_id"])
        student.set_like(post["post_id"], student.user_id not in detail[LIST_KEY[kind]], kind)
        assert (student.user_id in student.fetch_post(post["post_id"])[LIST_KEY[kind]]) is expected


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("body", [{}, {"like_status": None}, {"status": True}],
                         ids=["empty", "null", "other-key"])
def test_like_needs_like_status(teacher, student, kind, body):
    post = teacher.new_post(unique_product())
    expect_error(student.call("POST", f"/v1/posts/{post['post_id']}/{kind}", json=body), 400)
    assert student.fetch_post(post["post_id"])[LIST_KEY[kind]] == []


@pytest.mark.parametrize("kind", KINDS)
def test_liking_an_unknown_or_deleted_post_is_410(teacher, student, kind):
    expect_error(student.like("0123456789abcdef01234567", True, kind), 410)
    post = teacher.new_post(unique_product())
    expect_status(teacher.delete_post(post["post_id"]), 200)
    expect_error(student.like(post["post_id"], True, kind), 410)


# --- likes/me and likes-2/me ----------------------------------------------------------------
# The fans are shared with other tests, so each test looks only at the posts of its own products.


def mine(response, *products: str) -> list[str]:
    expect_status(response, 200)
    return [post["post_id"] for post in check_page(response.json()) if post["product_id"] in products]


@pytest.mark.parametrize("kind", KINDS)
def test_my_likes_are_most_recently_liked_first(teacher, student, kind):
    product = unique_product()
    first, second, third = (teacher.new_post(product) for _ in range(3))
    student.set_like(second["post_id"], True, kind)
    student.set_like(first["post_id"], True, kind)
    student.set_like(third["post_id"], True, kind)
    student.set_like(teacher.new_post(product)["post_id"], True, OTHER[kind])  # the other list only

    response = student.liked(kind)  # as the app sends it: no query at all
    assert mine(response, product) == [third["post_id"], first["post_id"], second["post_id"]]
    assert response.json()["next_cursor"] == "0"

    # Un-liking drops a post; liking it again brings it back on top.
    student.set_like(first["post_id"], False, kind)
    student.set_like(second["post_id"], False, kind)
    student.set_like(second["post_id"], True, kind)
    assert mine(student.liked(kind), product) == [second["post_id"], third["post_id"]]


@pytest.mark.parametrize("kind", KINDS)
def test_my_likes_page_with_a_cursor_while_i_keep_liking(teacher, intruder, kind):
    product = unique_product()
    posts = [teacher.new_post(product) for _ in range(7)]
    for post in posts:
        intruder.set_like(post["post_id"], True, kind)
    before = mine(intruder.liked(kind, limit="100"), product)
    assert before == ids(reversed(posts))

    walked, pages = walk(lambda cursor: intruder.liked(kind, next=cursor, limit="3"),
                         lambda _: intruder.set_like(teacher.new_post(product)["post_id"], True, kind))
    assert len(ids(walked)) == len(set(ids(walked))), "a post was served twice"
    assert [post["post_id"] for post in walked if post["product_id"] == product] == before
    assert len(pages[0]) == 3


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("remove", ["unlike", "delete"])
def test_losing_the_cursor_post_does_not_break_the_walk(teacher, intruder, kind, remove):
    product = unique_product()
    posts = [teacher.new_post(product) for _ in range(6)]
    for post in posts:
        intruder.set_like(post["post_id"], True, kind)
    latest_first = ids(reversed(posts))

    def drop_last_seen(page_number: int) -> None:
        # The page just read ends with the post the cursor points at; unlike or delete it.
        if page_number * 2 > len(latest_first):
            return
        victim = latest_first[page_number * 2 - 1]
        if remove == "unlike":
            intruder.set_like(victim, False, kind)
        else:
            expect_status(teacher.delete_post(victim), 200)

    walked, _ = walk(lambda cursor: intruder.liked(kind, next=cursor, limit="2"), drop_last_seen)
    assert len(ids(walked)) == len(set(ids(walked))), "a post was served twice"
    assert [post["post_id"] for post in walked if post["product_id"] == product] == latest_first


@pytest.mark.parametrize("kind", KINDS)
def test_my_likes_check_limit_and_cursor(student, kind):
    expect_error(student.liked(kind, limit="0"), 400)
    expect_error(student.liked(kind, limit="abc"), 400)
    expect_error(student.liked(kind, next="abc"), 400)


@pytest.mark.parametrize("kind", KINDS)
def test_my_likes_accept_the_apps_empty_cursor_and_huge_limit(teacher, student, kind):
    post = teacher.new_post(unique_product())
    student.set_like(post["post_id"], True, kind)
    assert mine(student.liked(kind, next="", limit="99999999"), post["product_id"]) == [post["post_id"]]


def test_my_likes_span_products(teacher, student):
    here, there = teacher.new_post(unique_product()), teacher.new_post(unique_product())
    student.set_like(here["post_id"], True, "like-2")
    student.set_like(there["post_id"], True, "like-2")
    response = student.liked("like-2")
    assert mine(response, here["product_id"], there["product_id"]) == [there["post_id"], here["post_id"]]
