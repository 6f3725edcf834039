"""Lessons contract §2.3 C1–C3: lesson reviews as comments, embedded in every Post."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from pyhelpers.lessons_api import describe, expect_error, expect_status
from pyhelpers.lessons_posts import check_comment, check_page, parse_created, unique_product

UNKNOWN_ID = "0123456789abcdef01234567"


@pytest.fixture
def lesson(teacher) -> dict:
    return teacher.new_post(unique_product())


def test_a_review_is_returned_and_embedded_in_the_post(student, lesson):
    response = student.comment(lesson["post_id"], "정말 좋은 레슨이었어요 👍")
    expect_status(response, 200)
    comment = check_comment(response.json())
    assert comment["content"] == "정말 좋은 레슨이었어요 👍"
    assert (comment["creator"]["user_id"], comment["creator"]["nick"]) == (student.user_id, student.nick)
    assert abs(parse_created(comment["createdAt"]) - datetime.now(timezone.utc)) < timedelta(minutes=5)

    post = student.fetch_post(lesson["post_id"])
    assert post["comments"] == [comment]


def test_comments_are_embedded_newest_first_in_every_list(teacher, student, intruder, lesson):
    written = [student.new_comment(lesson["post_id"], "첫 후기"),
               intruder.new_comment(lesson["post_id"], "두 번째"),
               student.new_comment(lesson["post_id"], "세 번째")]
    newest_first = list(reversed(written))
    assert student.fetch_post(lesson["post_id"])["comments"] == newest_first
    listed = check_page(student.list_posts(lesson["product_id"]).json())
    assert [post["comments"] for post in listed] == [newest_first]
    by_user = check_page(student.user_posts(teacher.user_id, lesson["product_id"]).json())
    assert [post["comments"] for post in by_user] == [newest_first]


@pytest.mark.parametrize("content", [None, ""], ids=["missing", "empty"])
def test_a_review_needs_content(student, lesson, content):
    expect_error(student.comment(lesson["post_id"], content), 400)
    assert student.fetch_post(lesson["post_id"])["comments"] == []


def test_a_review_on_an_unknown_post_is_410(student):
    expect_error(student.comment(UNKNOWN_ID, "후기"), 410)


def test_a_review_on_a_deleted_post_is_410(teacher, student, lesson):
    expect_status(teacher.delete_post(lesson["post_id"]), 200)
    expect_error(student.comment(lesson["post_id"], "후기"), 410)


def test_the_author_edits_a_review(student, lesson):
    comment = student.new_comment(lesson["post_id"], "처음 글")
    response = student.edit_comment(lesson["post_id"], comment["comment_id"], "고친 글")
    expect_status(response, 200)
    edited = check_comment(response.json())
    assert edited["comment_id"] == comment["comment_id"] and edited["content"] == "고친 글"
    assert edited["creator"] == comment["creator"]
    assert student.fetch_post(lesson["post_id"])["comments"] == [edited]


def test_editing_someone_elses_review_is_445_and_changes_nothing(teacher, student, lesson):
    comment = student.new_comment(lesson["post_id"], "내 후기")
    # Not even the post's author may rewrite a review.
    expect_error(teacher.edit_comment(lesson["post_id"], comment["comment_id"], "조작"), 445)
    assert student.fetch_post(lesson["post_id"])["comments"] == [comment]


@pytest.mark.parametrize("content", [None, ""], ids=["missing", "empty"])
def test_an_edit_needs_content(student, lesson, content):
    comment = student.new_comment(lesson["post_id"], "내용")
    expect_error(student.edit_comment(lesson["post_id"], comment["comment_id"], content), 400)
    assert student.fetch_post(lesson["post_id"])["comments"] == [comment]


def test_editing_an_unknown_review_is_410(student, lesson):
    expect_error(student.edit_comment(lesson["post_id"], UNKNOWN_ID, "x"), 410)
    expect_error(student.edit_comment(UNKNOWN_ID, UNKNOWN_ID, "x"), 410)


def test_a_review_is_only_reachable_through_its_own_post(teacher, student, lesson):
    other = teacher.new_post(lesson["product_id"])
    comment = student.new_comment(lesson["post_id"], "이 레슨 후기")
    expect_error(student.edit_comment(other["post_id"], comment["comment_id"], "x"), 410)
    expect_error(student.delete_comment(other["post_id"], comment["comment_id"]), 410)
    assert student.fetch_post(lesson["post_id"])["comments"] == [comment]


def test_the_author_deletes_a_review(student, lesson):
    kept = student.new_comment(lesson["post_id"], "남길 글")
    gone = student.new_comment(lesson["post_id"], "지울 글")
    response = student.delete_comment(lesson["post_id"], gone["comment_id"])
    expect_status(response, 200)
    assert isinstance(response.json().get("message"), str), describe(response)
    assert student.fetch_post(lesson["post_id"])["comments"] == [kept]
    expect_error(student.delete_comment(lesson["post_id"], gone["comment_id"]), 410)
    expect_error(student.edit_comment(lesson["post_id"], gone["comment_id"], "x"), 410)


def test_deleting_someone_elses_review_is_445(teacher, student, lesson):
    comment = student.new_comment(lesson["post_id"], "내 후기")
    expect_error(teacher.delete_comment(lesson["post_id"], comment["comment_id"]), 445)
    assert student.fetch_post(lesson["post_id"])["comments"] == [comment]


def test_deleting_an_unknown_review_is_410(student, lesson):
    expect_error(student.delete_comment(lesson["post_id"], UNKNOWN_ID), 410)
