"""Lessons contract §2.2 P3, P7, P8: post lists, their `limit`/`next` query strings as the apps send
them, the cap of 100 per page, and cursor paging that stays stable while others write."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from pyhelpers.lessons_api import expect_error, expect_status
from pyhelpers.lessons_posts import (
    HASHTAG_LIMIT, HOME_LIMIT, LIST_LIMIT, PAGE_CAP, check_page, ids, lesson_body, parse_created, unique_product,
    walk,
)


def create_posts(member, product: str, count: int, **fields) -> list[dict]:
    """`count` posts, oldest first."""
    return [member.new_post(product, title=f"lesson {index}", **fields) for index in range(count)]


@pytest.fixture(scope="module")
def crowded(teacher) -> tuple[str, list[str]]:
    """A product with PAGE_CAP + 5 posts; returns it and its post ids newest first."""
    product = unique_product()
    body = lesson_body(product, content="#붐빔")
    with ThreadPoolExecutor(4) as pool:
        responses = list(pool.map(lambda _: teacher.create_post(body), range(PAGE_CAP + 5)))
    for response in responses:
        expect_status(response, 200)
    everything, _ = walk(lambda cursor: teacher.list_posts(product, next=cursor, limit="7"))
    assert len(everything) == PAGE_CAP + 5
    return product, ids(everything)


def test_list_is_newest_first_and_ends_with_cursor_0(teacher, student):
    product = unique_product()
    posts = create_posts(teacher, product, 3)
    response = student.list_posts(product, limit=LIST_LIMIT)
    expect_status(response, 200)
    assert ids(check_page(response.json())) == ids(reversed(posts))
    assert response.json()["next_cursor"] == "0"


def test_list_of_an_unused_product_is_empty(student):
    response = student.list_posts(unique_product())
    expect_status(response, 200)
    assert check_page(response.json()) == [] and response.json()["next_cursor"] == "0"


def test_product_id_keeps_apps_apart(teacher, student):
    lessons, community = unique_product(), unique_product()
    lesson = teacher.new_post(lessons)
    talk = student.new_post(community)
    assert ids(check_page(student.list_posts(lessons).json())) == [lesson["post_id"]]
    assert ids(check_page(student.list_posts(community).json())) == [talk["post_id"]]


@pytest.mark.parametrize("limit", ["", LIST_LIMIT, HOME_LIMIT, HASHTAG_LIMIT, "1" * 30],
                         ids=["empty", "list", "home", "hashtag", "30-digits"])
def test_a_missing_or_huge_limit_serves_the_cap(student, crowded, limit):
    product, newest_first = crowded
    response = student.list_posts(product, limit=limit)
    expect_status(response, 200)
    assert ids(check_page(response.json())) == newest_first[:PAGE_CAP]
    cursor = response.json()["next_cursor"]
    assert cursor != "0"
    rest = student.list_posts(product, next=cursor, limit=limit)
    expect_status(rest, 200)
    assert ids(check_page(rest.json())) == newest_first[PAGE_CAP:]
    assert rest.json()["next_cursor"] == "0"


def test_the_hashtag_and_user_lists_are_capped_too(teacher, student, crowded):
    product, newest_first = crowded
    by_tag = student.hashtag("붐빔", product, limit=HASHTAG_LIMIT)
    expect_status(by_tag, 200)
    assert ids(check_page(by_tag.json())) == newest_first[:PAGE_CAP]
    by_user = student.user_posts(teacher.user_id, product)
    expect_status(by_user, 200)
    assert ids(check_page(by_user.json())) == newest_first[:PAGE_CAP]


def test_a_limit_equal_to_the_count_ends_with_cursor_0(teacher, student):
    product = unique_product()
    posts = create_posts(teacher, product, 3)
    response = student.list_posts(product, limit="3")
    expect_status(response, 200)
    assert ids(check_page(response.json())) == ids(reversed(posts))
    follow = response.json()["next_cursor"]
    if follow != "0":  # a server may only learn that the list ended on the next call
        rest = student.list_posts(product, next=follow, limit="3")
        expect_status(rest, 200)
        assert check_page(rest.json()) == [] and rest.json()["next_cursor"] == "0"


@pytest.mark.parametrize("limit", ["0", "-1", "abc", "1.5"])
def test_a_limit_that_is_not_a_positive_number_is_400(student, limit):
    expect_error(student.list_posts(unique_product(), limit=limit), 400)


@pytest.mark.parametrize("cursor", ["abc", "-1", "zzzzzzzzzzzzzzzzzzzzzzzz"])
def test_a_cursor_that_is_not_one_is_400(student, cursor):
    expect_error(student.list_posts(unique_product(), next=cursor, limit="3"), 400)


@pytest.mark.parametrize("query", [
    lambda m, product, **q: m.user_posts(m.user_id, product, **q),
    lambda m, product, **q: m.hashtag("태그", product, **q),
], ids=["user-posts", "hashtag"])
def test_the_other_lists_check_limit_and_cursor_the_same_way(student, query):
    product = unique_product()
    expect_error(query(student, product, limit="0"), 400)
    expect_error(query(student, product, limit="abc"), 400)
    expect_error(query(student, product, next="abc", limit="3"), 400)


# --- Stable cursors under concurrent writes --------------------------------------------------


@pytest.mark.parametrize("limit", ["2", "3"])
def test_walking_pages_while_others_post_neither_repeats_nor_skips(teacher, student, intruder, limit):
    product = unique_product()
    existing = list(reversed(create_posts(teacher, product, 8)))  # newest first
    inserted = []

    def others_write(page_number: int) -> None:
        # Two more posts in the same product land between every pair of page fetches.
        inserted.append(intruder.new_post(product)["post_id"])
        inserted.append(teacher.new_post(product)["post_id"])

    walked, pages = walk(lambda cursor: student.list_posts(product, next=cursor, limit=limit), others_write)
    assert ids(walked) == ids(existing)
    assert all(len(page) <= int(limit) for page in pages)
    assert len(pages) >= 3 and inserted


def test_walking_the_hashtag_list_while_others_post(teacher, student, intruder):
    product = unique_product()
    existing = list(reversed(create_posts(teacher, product, 7, content="#첼로 레슨")))
    walked, _ = walk(lambda cursor: student.hashtag("첼로", product, next=cursor, limit="2"),
                     lambda _: intruder.new_post(product, content="새 글 #첼로"))
    assert ids(walked) == ids(existing)


def test_walking_a_users_posts_while_they_post(teacher, student):
    product = unique_product()
    existing = list(reversed(create_posts(teacher, product, 7)))
    walked, _ = walk(lambda cursor: student.user_posts(teacher.user_id, product, next=cursor, limit="3"),
                     lambda _: teacher.new_post(product))
    assert ids(walked) == ids(existing)


def test_deleting_the_cursor_post_does_not_break_the_walk(teacher, student):
    product = unique_product()
    existing = list(reversed(create_posts(teacher, product, 6)))
    deleted = []

    def delete_last_seen(page_number: int) -> None:
        # The page just read ends with the post the cursor points at; take it away.
        victim = existing[page_number * 2 - 1]["post_id"]
        expect_status(teacher.delete_post(victim), 200)
        deleted.append(victim)

    walked, _ = walk(lambda cursor: student.list_posts(product, next=cursor, limit="2"), delete_last_seen)
    assert ids(walked) == ids(existing)  # each deleted post had already been served


def create_concurrently(member, product: str, count: int) -> set[str]:
    body = lesson_body(product)
    with ThreadPoolExecutor(8) as pool:
        responses = list(pool.map(lambda _: member.create_post(body), range(count)))
    for response in responses:
        expect_status(response, 200)
    return {response.json()["post_id"] for response in responses}


def test_posts_created_in_the_same_instant_page_without_gaps(teacher, student):
    # Concurrent creates can share a createdAt millisecond; the cursor must still tell them apart.
    product = unique_product()
    created = create_concurrently(teacher, product, 18)
    walked, _ = walk(lambda cursor: student.list_posts(product, next=cursor, limit="2"))
    assert len(ids(walked)) == len(set(ids(walked))), "a post was served twice"
    assert set(ids(walked)) == created


def test_newest_first_agrees_with_created_at_under_concurrent_creates(teacher, student):
    # Clients show createdAt next to the list; newest first must mean the newest createdAt first.
    # A race may go either way by luck, so it is run a few times.
    for _ in range(3):
        product = unique_product()
        create_concurrently(teacher, product, 30)
        response = student.list_posts(product)
        expect_status(response, 200)
        listed = [(post["post_id"], post["createdAt"]) for post in check_page(response.json())]
        assert listed == sorted(listed, key=lambda item: parse_created(item[1]), reverse=True), \
            f"list order is not newest-first by createdAt: {listed}"
