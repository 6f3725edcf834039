"""The web shell as a browser without JavaScript sees it: hub, language, sign-up, log-in, log-out."""
from __future__ import annotations

import uuid

import pytest

from pyhelpers.lessons_api import describe, expect_status
from pyhelpers.web_forms import WebVisitor, parse, redirect_path, session_cookies

APPS = {"lessons", "study", "market", "reading"}


def newcomer() -> tuple[str, str, str]:
    tag = uuid.uuid4().hex[:10]
    return f"새싹{tag}", f"web-{tag}@example.com", f"pw-{tag}"


def signed_up_visitor(server) -> tuple[WebVisitor, str]:
    visitor, (name, email, password) = WebVisitor(server.base_url), newcomer()
    assert redirect_path(visitor.sign_up(name, email, password)) == "/"
    return visitor, name


def html_lang(visitor: WebVisitor, path: str = "/") -> str:
    return visitor.page(path).html["lang"]


def test_hub_for_a_visitor(server):
    hub = WebVisitor(server.base_url).page("/")
    assert hub.html["lang"] == "ko"
    assert hub.select_one("a#lang-en")["hreflang"] == "en" and hub.select_one("a#lang-ko") is None, "the header offers the other language"
    tiles = hub.select(".app-tile")
    assert len(tiles) == 4 and {tile.get("data-app") for tile in tiles} == APPS
    assert hub.select_one("a#signup-link") and hub.select_one("a#login-link")
    assert hub.select_one("#welcome") is None and hub.select_one("a#account-link") is None


@pytest.mark.parametrize("header,lang", [
    ("en", "en"), ("en-US,en;q=0.9", "en"), ("ko-KR,ko;q=0.9,en;q=0.8", "ko"), ("fr-FR", "ko"),
])
def test_accept_language_picks_the_language_without_a_cookie(server, header, lang):
    assert html_lang(WebVisitor(server.base_url, accept_language=header)) == lang


@pytest.mark.parametrize("browser_language,chosen", [("ko", "en"), ("en", "ko")])
def test_language_link_sets_a_cookie_and_returns_to_the_page(server, browser_language, chosen):
    visitor = WebVisitor(server.base_url, accept_language=browser_language)
    link = visitor.page("/login").select_one(f"a#lang-{chosen}")["href"]
    response = visitor.get(link, headers={"Referer": server.base_url + "/login"}, allow_redirects=False)
    assert redirect_path(response) == "/login"
    assert response.headers.get("Set-Cookie"), describe(response)
    # The cookie now outranks the browser's Accept-Language.
    assert html_lang(visitor, "/login") == chosen


def test_signup_form(server):
    form = WebVisitor(server.base_url).page("/signup").select_one("form#signup-form")
    assert form is not None and form.get("method", "").lower() == "post"
    for name in ("name", "email", "password"):
        assert form.select_one(f"input[name={name}]") is not None, name
    assert form.select_one("input[name=password]")["type"] == "password"
    csrf = form.select_one("input[name=_csrf]")
    assert csrf["type"] == "hidden" and csrf["value"]
    assert form.select_one("#signup-submit") is not None


def test_signup_logs_in_and_greets_by_name(server):
    visitor, name = signed_up_visitor(server)
    hub = visitor.page("/")
    assert name in hub.select_one("#welcome").get_text()
    account = hub.select_one("header a#account-link")
    assert account["href"] == "/account" and name in account.get_text()
    assert hub.select_one("a#login-link") is None


def assert_form_kept(response, status: int, name: str, email: str) -> None:
    assert response.status_code == status, describe(response)
    page = parse(response)
    assert page.select(".field-error"), "no .field-error on the page"
    assert page.select_one("form#signup-form input[name=name]").get("value") == name
    assert page.select_one("form#signup-form input[name=email]").get("value") == email


def test_signup_with_a_taken_email_says_why_and_keeps_the_input(server):
    _, email, password = newcomer()
    first = WebVisitor(server.base_url).sign_up("첫째", email, password)
    assert redirect_path(first) == "/"
    again = WebVisitor(server.base_url).sign_up("둘째", email, password)
    assert_form_kept(again, 409, "둘째", email)


def test_signup_without_a_password_says_why_and_keeps_the_input(server):
    name, email, _ = newcomer()
    response = WebVisitor(server.base_url).sign_up(name, email, "")
    assert_form_kept(response, 400, name, email)


def test_login_form(server):
    form = WebVisitor(server.base_url).page("/login").select_one("form#login-form")
    assert form is not None and form.get("method", "").lower() == "post"
    for name in ("email", "password", "_csrf"):
        assert form.select_one(f"input[name={name}]") is not None, name
    assert form.select_one("#login-submit") is not None


def test_demo_account_logs_in(server):
    visitor = WebVisitor(server.base_url)
    assert redirect_path(visitor.log_in("demo@sprout.local", "sprout-demo")) == "/"
    assert visitor.page("/").select_one("#welcome") is not None


def test_login_with_a_wrong_password_is_401_with_a_message(server):
    response = WebVisitor(server.base_url).log_in("demo@sprout.local", "not-the-password")
    assert response.status_code == 401, describe(response)
    assert parse(response).select_one(".form-error").get_text(strip=True)


def test_logout_returns_to_the_hub_logged_out(server):
    visitor, _ = signed_up_visitor(server)
    assert redirect_path(visitor.log_out()) == "/"
    hub = visitor.page("/")
    assert hub.select_one("#welcome") is None and hub.select_one("a#login-link") is not None


@pytest.mark.parametrize("csrf", [None, "forged"], ids=["no-token", "wrong-token"])
def test_forms_refuse_posts_without_the_right_token(server, csrf):
    _, email, password = newcomer()
    visitor = WebVisitor(server.base_url)
    assert visitor.sign_up("새싹", email, password, csrf=csrf).status_code == 403
    assert visitor.log_in("demo@sprout.local", "sprout-demo", csrf=csrf).status_code == 403
    member, _ = signed_up_visitor(server)
    assert member.log_out(csrf=csrf).status_code == 403
    assert member.page("/").select_one("#welcome") is not None


def test_session_cookie_is_httponly_and_samesite_lax(server):
    visitor = WebVisitor(server.base_url)
    cookies = session_cookies(visitor.get("/login")) + session_cookies(visitor.log_in("demo@sprout.local", "sprout-demo"))
    assert cookies, "no sprout-session cookie was set"
    for cookie in cookies:
        attributes = {part.strip().lower() for part in cookie.split(";")}
        assert "httponly" in attributes and "samesite=lax" in attributes, cookie


def test_a_web_account_is_also_a_lessons_account(server, api):
    # One account, four apps: the person who signed up on the web logs in from the iOS client.
    name, email, password = newcomer()
    assert redirect_path(WebVisitor(server.base_url).sign_up(name, email, password)) == "/"
    expect_status(api.login(email, password), 200)
