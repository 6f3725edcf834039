"""Lessons contract §2.5 (follow) and §2.1 U6–U8 (profiles): who follows whom, other users'
profiles, and the multipart profile edit DateDay and BuyOrNot send."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from pyhelpers.lessons_api import describe, expect_error, expect_status
from pyhelpers.lessons_posts import (
    MY_PROFILE_KEYS, check_profile, check_user_ref, image_size, jpeg, new_member, new_user, png,
    unique_product,
)

UNKNOWN_USER = "0123456789abcdef01234567"


def follow_body(response) -> dict:
    expect_status(response, 200)
    body = response.json()
    assert set(body) == {"nick", "opponent_nick", "following_status"}, describe(response)
    assert isinstance(body["following_status"], bool), body
    return body


def their_profile(viewer, user_id: str) -> dict:
    response = viewer.profile_of(user_id)
    expect_status(response, 200)
    return check_profile(response.json(), mine=False)


def test_follow_then_unfollow(api, student, intruder):
    account, target = new_user(api)
    assert follow_body(student.follow(target)) == {
        "nick": student.nick, "opponent_nick": account.nick, "following_status": True}

    following = [check_user_ref(user) for user in student.my_profile()["following"] if user["user_id"] == target]
    assert [(user["user_id"], user["nick"]) for user in following] == [(target, account.nick)]
    followers = their_profile(intruder, target)["followers"]
    assert [(user["user_id"], user["nick"]) for user in followers] == [(student.user_id, student.nick)]

    # Following is one way: the target follows nobody, and is not my follower.
    assert their_profile(intruder, target)["following"] == []
    assert target not in [user["user_id"] for user in student.my_profile()["followers"]]

    expect_error(student.follow(target), 409)
    assert len(their_profile(intruder, target)["followers"]) == 1

    assert follow_body(student.unfollow(target)) == {
        "nick": student.nick, "opponent_nick": account.nick, "following_status": False}
    assert their_profile(intruder, target)["followers"] == []
    assert target not in [user["user_id"] for user in student.my_profile()["following"]]
    expect_error(student.unfollow(target), 410)

    follow_body(student.follow(target))  # following again after unfollowing works
    assert len(their_profile(intruder, target)["followers"]) == 1


def race(callers: int, call) -> list:
    """Runs `call()` from `callers` threads released at the same instant."""
    start = threading.Barrier(callers)

    def run(_):
        start.wait()
        return call()

    with ThreadPoolExecutor(callers) as pool:
        return list(pool.map(run, range(callers)))


def test_racing_follows_succeed_once(api, student, intruder):
    _, target = new_user(api)
    responses = race(8, lambda: student.follow(target))
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] + [409] * 7, (statuses, [describe(r) for r in responses])
    assert [user["user_id"] for user in their_profile(intruder, target)["followers"]] == [student.user_id]


def test_racing_unfollows_succeed_once(api, student, intruder):
    # Only one relation exists, so only one unfollow can end it; the others find nothing: 410.
    # A race may go either way by luck, so it is run a few times.
    _, target = new_user(api)
    for _ in range(5):
        follow_body(student.follow(target))
        responses = race(8, lambda: student.unfollow(target))
        statuses = sorted(r.status_code for r in responses)
        assert statuses == [200] + [410] * 7, (statuses, [describe(r) for r in responses])
        assert their_profile(intruder, target)["followers"] == []


def test_several_followers_are_listed(api, student, intruder, teacher):
    _, target = new_user(api)
    for fan in (student, intruder, teacher):
        follow_body(fan.follow(target))
    followers = their_profile(student, target)["followers"]
    assert sorted(user["user_id"] for user in followers) == sorted(
        [student.user_id, intruder.user_id, teacher.user_id])


def test_following_an_unknown_user_is_410(student):
    expect_error(student.follow(UNKNOWN_USER), 410)
    expect_error(student.follow("not-an-id"), 410)


def test_following_yourself_is_400(student):
    expect_error(student.follow(student.user_id), 400)
    assert student.user_id not in [user["user_id"] for user in student.my_profile()["following"]]


def test_unfollowing_someone_never_followed_is_410(api, student):
    _, target = new_user(api)
    expect_error(student.unfollow(target), 410)
    expect_error(student.unfollow(UNKNOWN_USER), 410)


# --- users/{user_id}/profile and users/me/profile -------------------------------------------


def test_another_users_profile(api, student):
    account, user_id = new_user(api, phoneNum="1")
    profile = their_profile(student, user_id)
    assert profile == {"user_id": user_id, "nick": account.nick, "profileImage": profile["profileImage"],
                       "followers": [], "following": [], "posts": []}


def test_profiles_list_post_ids_and_drop_deleted_ones(teacher, student):
    kept = teacher.new_post(unique_product())
    gone = teacher.new_post(unique_product())
    assert {kept["post_id"], gone["post_id"]} <= set(their_profile(student, teacher.user_id)["posts"])
    assert {kept["post_id"], gone["post_id"]} <= set(teacher.my_profile()["posts"])

    expect_status(teacher.delete_post(gone["post_id"]), 200)
    posts = their_profile(student, teacher.user_id)["posts"]
    assert kept["post_id"] in posts and gone["post_id"] not in posts
    assert teacher.my_profile()["posts"] == posts


def test_unknown_users_profile_is_410(student):
    expect_error(student.profile_of(UNKNOWN_USER), 410)
    expect_error(student.profile_of("not-an-id"), 410)


def test_my_profile_as_the_app_decodes_it(student):
    profile = student.my_profile()
    assert (profile["user_id"], profile["email"], profile["nick"]) == (
        student.user_id, student.account.email, student.nick)
    assert profile["phoneNum"] == "0"  # the role flag My Page reads (§4.3)


def test_a_new_account_starts_with_empty_lists(api):
    member = new_member(api)
    profile = member.my_profile()
    assert (profile["followers"], profile["following"], profile["posts"]) == ([], [], [])
    for kind in ("like", "like-2"):
        response = member.liked(kind)
        expect_status(response, 200)
        assert response.json() == {"data": [], "next_cursor": "0"}, kind
    assert member.payments() == []


# --- PUT users/me/profile (multipart) -------------------------------------------------------


def edited_profile(response) -> dict:
    expect_status(response, 200)
    return check_profile(response.json(), mine=True)


def test_edit_profile_text_parts(api):
    member = new_member(api, phoneNum="1")
    before = member.my_profile()
    nick = member.nick + "x"
    edited = edited_profile(member.edit_profile({"nick": nick, "phoneNum": "01012345678", "birthDay": "19990314"}))
    assert (edited["nick"], edited["phoneNum"], edited["birthDay"]) == (nick, "01012345678", "19990314")
    assert {k: edited[k] for k in ("user_id", "email", "profileImage", "followers", "following", "posts")} == \
        {k: before[k] for k in ("user_id", "email", "profileImage", "followers", "following", "posts")}
    assert member.my_profile() == edited

    # Parts not sent stay as they are.
    again = edited_profile(member.edit_profile({"birthDay": "20000101"}))
    assert (again["nick"], again["phoneNum"], again["birthDay"]) == (nick, "01012345678", "20000101")
    # Login reports the new nick too.
    assert member.api.login(member.account.email, member.account.password).json()["nick"] == nick


def test_edit_profile_image(api, student):
    member = new_member(api)
    edited = edited_profile(member.edit_profile(image=jpeg(size=(30, 20))))
    path = edited["profileImage"]
    assert isinstance(path, str) and path.startswith("uploads/"), edited
    assert member.my_profile()["profileImage"] == path
    assert their_profile(student, member.user_id)["profileImage"] == path

    image = student.fetch_file(path)
    expect_status(image, 200)
    assert image.headers["Content-Type"].startswith("image/")
    assert image_size(image.content) == (30, 20)

    # A PNG replaces it (the spec allows jpeg/png), with the nick in the same request.
    replaced = edited_profile(member.edit_profile({"nick": member.nick + "p"}, png((12, 12)), "image/png"))
    assert replaced["profileImage"] != path and replaced["profileImage"].startswith("uploads/")
    assert replaced["nick"] == member.nick + "p"
    assert image_size(student.fetch_file(replaced["profileImage"]).content) == (12, 12)


@pytest.fixture(scope="module")
def editor(api):
    """One account for the refused edits; each test checks that nothing changed."""
    return new_member(api, phoneNum="0")


@pytest.mark.parametrize("nick", ["two words", "tab\there", " leading", "끝에 "])
def test_edit_refuses_a_nick_with_whitespace(editor, nick):
    before = editor.my_profile()
    expect_error(editor.edit_profile({"nick": nick, "birthDay": "19000101"}), 402)
    assert editor.my_profile() == before


def test_edit_refuses_a_taken_nick(editor, teacher):
    before = editor.my_profile()
    expect_error(editor.edit_profile({"nick": teacher.nick, "phoneNum": "9"}), 409)
    assert editor.my_profile() == before


@pytest.mark.parametrize("data", [b"%PDF-1.4\n%%EOF\n", b"just text", jpeg()[:30]], ids=["pdf", "text", "truncated"])
def test_edit_refuses_a_profile_image_that_is_not_one(editor, data):
    before = editor.my_profile()
    expect_error(editor.edit_profile({"birthDay": "19000101"}, data), 400)
    assert editor.my_profile() == before


def test_edit_profile_with_no_parts_changes_nothing(editor):
    before = editor.my_profile()
    # A multipart body with no parts: each part is optional, but the contract does not say whether
    # sending none is an empty edit (200) or a missing value (400). Either way nothing changes.
    response = editor.call("PUT", "/v1/users/me/profile", data=b"--sprout--\r\n",
                           headers={"Content-Type": "multipart/form-data; boundary=sprout"})
    if response.status_code == 200:
        assert check_profile(response.json(), mine=True) == before
    else:
        expect_error(response, 400)
    assert editor.my_profile() == before


def test_my_profile_keys(editor):
    assert set(editor.my_profile()) == MY_PROFILE_KEYS
