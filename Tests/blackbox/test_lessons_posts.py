"""Lessons contract §2.2 P2, P4–P8 and §4.1: creating, reading, editing and deleting lesson posts,
and the hashtags the server pulls out of `content`."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from pyhelpers.lessons_api import describe, expect_error, expect_status
from pyhelpers.lessons_posts import (
    check_page, check_post, ids, lesson_body, parse_created, unique_product,
)


def test_create_returns_the_full_post(teacher):
    product = unique_product()
    files = teacher.upload_paths(3)
    body = lesson_body(product, files, content4="popular-x", content5="five")
    response = teacher.create_post(body)
    expect_status(response, 200)
    post = check_post(response.json())

    for name in ("title", "price", "content", "content1", "content2", "content3", "content4", "content5",
                 "product_id", "files"):
        assert post[name] == body[name], name
    assert post["creator"]["user_id"] == teacher.user_id and post["creator"]["nick"] == teacher.nick
    assert (post["likes"], post["likes2"], post["buyers"], post["comments"]) == ([], [], [], [])
    assert post["hashTags"] == ["바이올린", "취미레슨"]
    assert abs(parse_created(post["createdAt"]) - datetime.now(timezone.utc)) < timedelta(minutes=5)


def test_created_post_reads_back_the_same(teacher, student):
    post = teacher.new_post(unique_product(), files=teacher.upload_paths(1))
    assert student.fetch_post(post["post_id"]) == post


def test_a_post_without_price_has_price_zero_and_no_unsent_contents(teacher):
    body = {"title": "가격 없음", "content": "소개", "product_id": unique_product(), "files": []}
    response = teacher.create_post(body)
    expect_status(response, 200)
    post = check_post(response.json())
    assert post["price"] == 0
    assert not {"content1", "content2", "content3", "content4", "content5"} & set(post), post


def test_price_sent_as_a_string_is_stored_as_an_int(teacher):
    response = teacher.create_post(lesson_body(unique_product(), price="5000"))
    expect_status(response, 200)
    assert check_post(response.json())["price"] == 5000


@pytest.mark.parametrize("product_id", [None, ""], ids=["missing", "empty"])
def test_create_needs_a_product_id(teacher, product_id):
    body = lesson_body("x")
    if product_id is None:
        del body["product_id"]
    else:
        body["product_id"] = product_id
    expect_error(teacher.create_post(body), 400)


@pytest.mark.parametrize("path", [
    "../etc/passwd",
    "uploads/lessons/../../jwt-secret",
    "http://example.com/a.jpg",
    "uploads/market/x.jpg",
    "uploads/lessons/0123456789abcdef0123456789abcdef.jpg",  # the right shape, never uploaded
    "/etc/passwd",
])
def test_create_refuses_files_this_server_did_not_upload(teacher, path):
    product = unique_product()
    good = teacher.upload_paths(1)
    expect_error(teacher.create_post(lesson_body(product, good + [path])), 400)
    listed = teacher.list_posts(product)
    expect_status(listed, 200)
    assert check_page(listed.json()) == [], "a refused create must not leave a post behind"


def test_unknown_post_is_410(student):
    expect_error(student.post("0123456789abcdef01234567"), 410)
    expect_error(student.post("not-an-id"), 410)


# --- Hashtags (§4.1, P8) --------------------------------------------------------------------


@pytest.mark.parametrize("content,tags", [
    ("#바이올린 #취미레슨, #violin_lesson!", ["바이올린", "취미레슨", "violin_lesson"]),
    ("입시 준비 #예고 #예고 #음대입시.", ["예고", "음대입시"]),
    ("no tags at all, just # alone", []),
    ("#첫줄\n#둘째줄\t#셋째(괄호)", ["첫줄", "둘째줄", "셋째"]),
])
def test_hashtags_are_extracted_from_content(teacher, content, tags):
    post = teacher.new_post(unique_product(), content=content)
    assert post["hashTags"] == tags


def test_hashtag_search_finds_posts_of_that_product_only(teacher, student):
    product, other = unique_product(), unique_product()
    violin = teacher.new_post(product, content="레슨 #바이올린 #취미레슨")
    teacher.new_post(product, content="레슨 #첼로")
    teacher.new_post(other, content="다른 앱 #바이올린")
    newer = teacher.new_post(product, content="#바이올린")

    for tag in ("바이올린", "#바이올린"):
        response = student.hashtag(tag, product)
        expect_status(response, 200)
        assert ids(check_page(response.json())) == [newer["post_id"], violin["post_id"]], tag
        assert response.json()["next_cursor"] == "0"


def test_hashtag_search_is_not_a_substring_search(teacher, student):
    product = unique_product()
    teacher.new_post(product, content="#바이올린레슨")
    response = student.hashtag("바이올린", product)
    expect_status(response, 200)
    assert check_page(response.json()) == []


@pytest.mark.parametrize("tag", [None, ""], ids=["missing", "empty"])
def test_hashtag_search_needs_a_tag(student, tag):
    expect_error(student.hashtag(tag, unique_product()), 400)


def test_editing_content_re_extracts_the_tags(teacher, student):
    product = unique_product()
    post = teacher.new_post(product, content="#바이올린")
    response = teacher.edit_post(post["post_id"], {"content": "이제는 #첼로 #입시레슨"})
    expect_status(response, 200)
    assert check_post(response.json())["hashTags"] == ["첼로", "입시레슨"]

    assert check_page(student.hashtag("바이올린", product).json()) == []
    assert ids(check_page(student.hashtag("첼로", product).json())) == [post["post_id"]]


# --- Edit (P5) ------------------------------------------------------------------------------


def test_edit_changes_only_the_fields_sent(teacher):
    post = teacher.new_post(unique_product(), files=teacher.upload_paths(2))
    response = teacher.edit_post(post["post_id"], {"title": "새 제목", "price": 70000, "content2": "부산"})
    expect_status(response, 200)
    edited = check_post(response.json())
    assert (edited["title"], edited["price"], edited["content2"]) == ("새 제목", 70000, "부산")
    unchanged = {k: v for k, v in post.items() if k not in ("title", "price", "content2")}
    assert {k: v for k, v in edited.items() if k not in ("title", "price", "content2")} == unchanged
    assert teacher.fetch_post(post["post_id"]) == edited


def test_edit_with_an_empty_body_changes_nothing(teacher):
    post = teacher.new_post(unique_product())
    response = teacher.edit_post(post["post_id"], {})
    expect_status(response, 200)
    assert check_post(response.json()) == post


def test_edit_can_replace_the_files(teacher):
    post = teacher.new_post(unique_product(), files=teacher.upload_paths(1))
    replacement = teacher.upload_paths(2)
    response = teacher.edit_post(post["post_id"], {"files": replacement})
    expect_status(response, 200)
    assert check_post(response.json())["files"] == replacement


def test_edit_accepts_the_price_as_a_string(teacher):
    post = teacher.new_post(unique_product())
    response = teacher.edit_post(post["post_id"], {"price": "12000"})
    expect_status(response, 200)
    assert check_post(response.json())["price"] == 12000


def test_edit_refuses_foreign_file_paths(teacher):
    post = teacher.new_post(unique_product())
    expect_error(teacher.edit_post(post["post_id"], {"files": ["../etc/passwd"]}), 400)
    assert teacher.fetch_post(post["post_id"]) == post


def test_edit_by_someone_else_is_445_and_changes_nothing(teacher, intruder):
    post = teacher.new_post(unique_product())
    expect_error(intruder.edit_post(post["post_id"], {"title": "hijacked", "price": 1}), 445)
    assert teacher.fetch_post(post["post_id"]) == post


def test_edit_of_an_unknown_post_is_410(teacher):
    expect_error(teacher.edit_post("0123456789abcdef01234567", {"title": "x"}), 410)


# --- Delete (P6) ----------------------------------------------------------------------------


def test_delete_answers_a_message_and_the_post_is_gone(teacher, student):
    product = unique_product()
    post = teacher.new_post(product)
    response = teacher.delete_post(post["post_id"])
    expect_status(response, 200)
    assert isinstance(response.json().get("message"), str), describe(response)

    expect_error(student.post(post["post_id"]), 410)
    assert check_page(student.list_posts(product).json()) == []
    assert post["post_id"] not in teacher.my_profile()["posts"]


def test_delete_twice_is_410(teacher):
    post = teacher.new_post(unique_product())
    expect_status(teacher.delete_post(post["post_id"]), 200)
    expect_error(teacher.delete_post(post["post_id"]), 410)


def test_delete_by_someone_else_is_445_and_keeps_the_post(teacher, intruder):
    post = teacher.new_post(unique_product())
    expect_error(intruder.delete_post(post["post_id"]), 445)
    assert teacher.fetch_post(post["post_id"]) == post


def test_deleting_a_post_takes_its_comments_likes_and_files(teacher, student):
    files = teacher.upload_paths(2)
    post = teacher.new_post(unique_product(), files=files)
    comment = student.new_comment(post["post_id"], "좋아요")
    student.set_like(post["post_id"], True, "like")
    student.set_like(post["post_id"], True, "like-2")
    expect_status(student.fetch_file(files[0]), 200)

    expect_status(teacher.delete_post(post["post_id"]), 200)

    for kind in ("like", "like-2"):
        mine = student.liked(kind)
        expect_status(mine, 200)
        assert post["post_id"] not in ids(check_page(mine.json())), kind
    expect_error(student.edit_comment(post["post_id"], comment["comment_id"], "수정"), 410)
    for path in files:
        expect_error(student.fetch_file(path), 444)


def test_a_photo_another_post_still_shows_survives_the_delete(teacher, student):
    # Nothing stops a client from putting one uploaded path into two posts; deleting one post
    # must not break the other's photo.
    [shared] = teacher.upload_paths(1)
    product = unique_product()
    first = teacher.new_post(product, files=[shared])
    second = teacher.new_post(product, files=[shared])
    expect_status(teacher.delete_post(first["post_id"]), 200)
    assert student.fetch_post(second["post_id"])["files"] == [shared]
    expect_status(student.fetch_file(shared), 200)


# --- A user's posts (P7) --------------------------------------------------------------------


def test_user_posts_as_the_app_asks_for_them(teacher, student):
    product, other = unique_product(), unique_product()
    first = teacher.new_post(product)
    teacher.new_post(other)
    student.new_post(product)
    second = teacher.new_post(product)

    response = student.user_posts(teacher.user_id, product)  # next= and limit= both empty
    expect_status(response, 200)
    assert ids(check_page(response.json())) == [second["post_id"], first["post_id"]]
    assert response.json()["next_cursor"] == "0"


def test_user_posts_of_someone_without_posts_in_that_product_is_empty(teacher, student):
    response = teacher.user_posts(student.user_id, unique_product())
    expect_status(response, 200)
    assert check_page(response.json()) == []
