"""Operator commands a module adds to `sprout`: the lessons home screen's curation."""
from __future__ import annotations

import pytest

from pyhelpers.lessons_api import LessonsAPI, expect_status
from pyhelpers.lessons_posts import new_member
from pyhelpers.sprout_server import run_cli

POPULAR = "allforlesson_popular"


@pytest.mark.parametrize("args", [["curation"], ["curation", "set"], ["curation", "list"]], ids=" ".join)
def test_curation_commands_have_help(tmp_path, args):
    result = run_cli(tmp_path, *args, "--help", timeout=30)
    assert result.returncode == 0, result.stderr
    assert "usage" in (result.stdout + result.stderr).lower()


def lessons_on_home(api, token, section):
    listed = api.request("GET", "/v1/posts", token=token, params={"product_id": "allforlesson", "limit": "100"})
    expect_status(listed, 200)
    return [post["post_id"] for post in listed.json()["data"] if post.get("content4") == section]


def test_only_the_operator_puts_a_lesson_on_the_home_screen(tmp_path, start_sprout):
    server = start_sprout({"SPROUT_DEMO_DATA": "false"})
    api = LessonsAPI(server.base_url, server.dev_key())
    teacher = new_member(api, phoneNum="1")
    body = {"title": "Cello", "price": 30000, "content": "weekly", "content1": "첼로", "content2": "서울",
            "content3": "취미", "content4": POPULAR, "content5": "", "product_id": "allforlesson", "files": []}
    created = api.request("POST", "/v1/posts", token=teacher.token, json=body)
    expect_status(created, 200)
    post = created.json()
    assert post["content4"] == "", "an author's curation tag is not taken"
    assert lessons_on_home(api, teacher.token, POPULAR) == []

    placed = run_cli(tmp_path, "curation", "set", post["post_id"], "popular")
    assert placed.returncode == 0, placed.stderr
    assert lessons_on_home(api, teacher.token, POPULAR) == [post["post_id"]]
    listed = run_cli(tmp_path, "curation", "list")
    assert f"popular\t{post['post_id']}\tCello" in listed.stdout

    edit = dict(body, content4="", title="Cello 1:1")
    expect_status(api.request("PUT", f"/v1/posts/{post['post_id']}", token=teacher.token, json=edit), 200)
    assert lessons_on_home(api, teacher.token, POPULAR) == [post["post_id"]], "the app's edit keeps the placement"

    removed = run_cli(tmp_path, "curation", "set", post["post_id"], "none")
    assert removed.returncode == 0, removed.stderr
    assert lessons_on_home(api, teacher.token, POPULAR) == []


@pytest.mark.parametrize("args, message", [
    (["curation", "set", "no-such-post", "popular"], "no post has the id no-such-post"),
    (["curation", "set", "whatever", "trending"], "popular, interesting or none"),
])
def test_curation_refusals_are_one_line_and_exit_non_zero(tmp_path, args, message):
    assert run_cli(tmp_path, "migrate").returncode == 0
    result = run_cli(tmp_path, *args)
    assert result.returncode != 0
    assert message in result.stderr
