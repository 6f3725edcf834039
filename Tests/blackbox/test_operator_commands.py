"""Operator commands: accounts, and the lessons home screen's curation (a command the module adds)."""
from __future__ import annotations

import uuid

import pytest
import requests

from pyhelpers.lessons_api import LessonsAPI, expect_status
from pyhelpers.lessons_posts import new_member
from pyhelpers.sprout_server import run_cli

POPULAR = "allforlesson_popular"


@pytest.mark.parametrize("args", [
    ["curation"], ["curation", "set"], ["curation", "list"],
    ["accounts"], ["accounts", "list"], ["accounts", "disable"], ["accounts", "enable"], ["accounts", "reset-password"],
    ["reports"],
], ids=" ".join)
def test_operator_commands_have_help(tmp_path, args):
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


def test_accounts_are_listed_disabled_enabled_and_given_new_passwords(tmp_path, start_sprout):
    server = start_sprout({"SPROUT_DEMO_DATA": "false"})
    email, password = f"op-{uuid.uuid4().hex[:8]}@example.com", "first-password"

    def login(pw):
        return requests.post(f"{server.base_url}/api/auth/login", json={"email": email, "password": pw}, timeout=30)

    joined = requests.post(f"{server.base_url}/api/auth/join", json={"email": email, "password": password, "name": "Operated"}, timeout=30)
    assert joined.status_code == 200, joined.text

    listed = run_cli(tmp_path, "accounts", "list")
    assert listed.returncode == 0, listed.stderr
    line = next(line for line in listed.stdout.splitlines() if email in line)
    assert line.endswith("active") and "Operated" in line

    assert run_cli(tmp_path, "accounts", "disable", email).returncode == 0
    refused = login(password)
    assert refused.status_code == 403 and refused.json()["reason"] == "This account is disabled."
    assert "disabled " in next(l for l in run_cli(tmp_path, "accounts", "list").stdout.splitlines() if email in l)
    assert run_cli(tmp_path, "accounts", "enable", email).returncode == 0
    assert login(password).status_code == 200

    reset = run_cli(tmp_path, "accounts", "reset-password", email)
    assert reset.returncode == 0, reset.stderr
    new_password = reset.stdout.strip().splitlines()[-1]
    assert login(password).status_code == 401
    assert login(new_password).status_code == 200


@pytest.mark.parametrize("command", ["disable", "enable", "reset-password"])
def test_an_unknown_account_is_one_line_and_exit_non_zero(tmp_path, command):
    assert run_cli(tmp_path, "migrate").returncode == 0
    result = run_cli(tmp_path, "accounts", command, "nobody@example.com")
    assert result.returncode != 0
    assert "no account has the email or phone number nobody@example.com" in result.stderr


def test_reports_lists_what_people_reported_most_reported_first(tmp_path, start_sprout):
    from pyhelpers.web_forms import WebVisitor

    server = start_sprout({"SPROUT_DEMO_DATA": "true"})
    quiet = run_cli(tmp_path, "reports")
    assert quiet.returncode == 0 and "No reports." in quiet.stdout + quiet.stderr, quiet.stderr
    products = requests.get(f"{server.base_url}/api/products?page_no=1&items_per_page=2", timeout=30).json()["pages"]
    first, second = (product["id"] for product in products)
    for index, reported in enumerate([first, first, second]):
        tag = uuid.uuid4().hex[:8]
        visitor = WebVisitor(server.base_url)
        visitor.sign_up(f"신고자{tag}", f"reporter-{tag}@example.com", f"pw-{tag}-secret")
        filed = visitor.submit(f"/market/products/{reported}/report", "form#report-form",
                               {"reason": "fraud" if index == 0 else "spam", "note": "선입금\t요구" if index == 0 else ""})
        assert filed.status_code == 200 and "신고가 접수됐어요" in filed.text, filed.text[:500]
    listed = run_cli(tmp_path, "reports")
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.strip().splitlines()
    assert [line.split("\t")[:3] for line in lines] == [
        ["2", "market", f"/market/products/{first}"], ["1", "market", f"/market/products/{second}"]]
    assert lines[0].split("\t")[3] == "fraud×1,spam×1" and lines[0].endswith("선입금 요구")
