"""Lessons contract §1 and §3.1 on the post side: every call needs the SesacKey (420) and a bare,
valid, unexpired access token (401, 419), checked before anything else happens."""
from __future__ import annotations

import pytest

from pyhelpers.lessons_api import expect_error, expect_status
from pyhelpers.lessons_posts import lesson_body, photo_parts, jpeg, signed_access_token, unique_product


@pytest.fixture(scope="module")
def scene(teacher, student) -> dict:
    """A post with a file, a comment and a sandbox payment, so every route has real ids."""
    product = unique_product()
    [path] = teacher.upload_paths(1)
    post = teacher.new_post(product, files=[path], price=1000)
    comment = teacher.new_comment(post["post_id"], "후기")
    imp_uid = student.pay(post["post_id"], 1000)["imp_uid"]
    return {"product": product, "path": path, "post": post["post_id"], "comment": comment["comment_id"],
            "imp_uid": imp_uid, "user": student.user_id}


# (method, path, request kwargs), built from the scene. Each would succeed with the right headers
# (or at least get past authentication), so only the headers can explain a 420/401/419.
CALLS = {
    "upload": lambda s: ("POST", "/v1/posts/files", {"files": photo_parts([jpeg()])}),
    "file": lambda s: ("GET", "/v1/" + s["path"], {}),
    "create": lambda s: ("POST", "/v1/posts", {"json": lesson_body(s["product"])}),
    "list": lambda s: ("GET", "/v1/posts", {"params": {"next": "", "limit": "999", "product_id": s["product"]}}),
    "detail": lambda s: ("GET", f"/v1/posts/{s['post']}", {}),
    "edit": lambda s: ("PUT", f"/v1/posts/{s['post']}", {"json": {"title": "x"}}),
    "delete": lambda s: ("DELETE", f"/v1/posts/{s['post']}", {}),
    "user-posts": lambda s: ("GET", f"/v1/posts/users/{s['user']}", {"params": {"next": "", "limit": ""}}),
    "hashtags": lambda s: ("GET", "/v1/posts/hashtags", {"params": {"hashTag": "x", "product_id": s["product"]}}),
    "comment": lambda s: ("POST", f"/v1/posts/{s['post']}/comments", {"json": {"content": "x"}}),
    "edit-comment": lambda s: ("PUT", f"/v1/posts/{s['post']}/comments/{s['comment']}", {"json": {"content": "x"}}),
    "delete-comment": lambda s: ("DELETE", f"/v1/posts/{s['post']}/comments/{s['comment']}", {}),
    "like": lambda s: ("POST", f"/v1/posts/{s['post']}/like", {"json": {"like_status": True}}),
    "like-2": lambda s: ("POST", f"/v1/posts/{s['post']}/like-2", {"json": {"like_status": True}}),
    "likes-me": lambda s: ("GET", "/v1/posts/likes/me", {}),
    "likes-2-me": lambda s: ("GET", "/v1/posts/likes-2/me", {}),
    "follow": lambda s: ("POST", f"/v1/follow/{s['user']}", {}),
    "unfollow": lambda s: ("DELETE", f"/v1/follow/{s['user']}", {}),
    "profile": lambda s: ("GET", f"/v1/users/{s['user']}/profile", {}),
    "edit-profile": lambda s: ("PUT", "/v1/users/me/profile", {"files": [("birthDay", (None, "20000101"))]}),
    "sandbox-pay": lambda s: ("POST", "/v1/sandbox/payments",
                              {"json": {"post_id": s["post"], "amount": 1000, "outcome": "paid"}}),
    "validate": lambda s: ("POST", "/v1/payments/validation", {"json": {"imp_uid": s["imp_uid"], "post_id": s["post"]}}),
    "payments-me": lambda s: ("GET", "/v1/payments/me", {}),
}


def unchanged(teacher, scene, method: str) -> None:
    """None of the refused calls may have touched the post."""
    if method == "GET":
        return
    post = teacher.fetch_post(scene["post"])
    assert post["title"] != "x" and post["likes"] == [] and post["likes2"] == [] and post["buyers"] == []
    assert [comment["content"] for comment in post["comments"]] == ["후기"]


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
@pytest.mark.parametrize("key", [None, "", "sk_wrong"], ids=["no-key", "empty-key", "wrong-key"])
def test_every_call_needs_the_sesac_key(api, teacher, scene, call, key):
    method, path, kwargs = call(scene)
    expect_error(teacher.call(method, path, key=key, **kwargs), 420)
    unchanged(teacher, scene, method)


def expired(server, member) -> str:
    return signed_access_token(server.data_dir, member.user_id, expires_in=-60)


TOKENS = {
    "none": lambda server, member: None,
    "empty": lambda server, member: "",
    "garbage": lambda server, member: "not-a-token",
    "refresh-token": lambda server, member: member.refresh_token,
    "tampered": lambda server, member: member.token[:-2] + ("AA" if not member.token.endswith("AA") else "BB"),
}


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
@pytest.mark.parametrize("make_token", TOKENS.values(), ids=TOKENS.keys())
def test_every_call_needs_a_valid_token(server, teacher, scene, call, make_token):
    method, path, kwargs = call(scene)
    expect_error(teacher.call(method, path, token=make_token(server, teacher), **kwargs), 401)
    unchanged(teacher, scene, method)


def test_a_self_signed_token_is_a_faithful_stand_in(server, teacher):
    # The 419 checks below sign tokens with the server's own secret. Prove that such a token is
    # accepted while it is fresh, so that a 419 can only mean "expired".
    fresh = signed_access_token(server.data_dir, teacher.user_id, expires_in=600)
    expect_status(teacher.call("GET", "/v1/posts/likes/me", token=fresh), 200)


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_every_call_answers_419_to_an_expired_token(server, teacher, scene, call):
    method, path, kwargs = call(scene)
    expect_error(teacher.call(method, path, token=expired(server, teacher), **kwargs), 419)
    unchanged(teacher, scene, method)


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_the_key_is_checked_before_the_token(teacher, scene, call):
    method, path, kwargs = call(scene)
    expect_error(teacher.call(method, path, key="sk_wrong", token="not-a-token", **kwargs), 420)
