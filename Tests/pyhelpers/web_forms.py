"""A visitor of the web shell without JavaScript: one cookie jar, forms posted the way the page
builds them (with the page's hidden `_csrf` token), and redirects inspected rather than followed."""
from __future__ import annotations

from urllib.parse import urljoin, urlsplit

import requests
from bs4 import BeautifulSoup

from pyhelpers.lessons_api import describe

# Marks "post the token the form carries", so that tests can also omit it (None) or forge one.
PAGE_TOKEN = object()


def parse(response: requests.Response) -> BeautifulSoup:
    return BeautifulSoup(response.text, "html.parser")


def redirect_path(response: requests.Response) -> str:
    """Where a redirect points, as a path, whether the server sent it absolute or relative."""
    assert response.status_code in (301, 302, 303, 307, 308), describe(response)
    return urlsplit(urljoin(response.url, response.headers["Location"])).path


def session_cookies(response: requests.Response, name: str = "sprout-session") -> list[str]:
    return [c for c in response.raw.headers.getlist("Set-Cookie") if c.startswith(name + "=")]


class WebVisitor:
    def __init__(self, base_url: str, accept_language: str | None = None):
        self.base_url = base_url
        self.http = requests.Session()
        if accept_language:
            self.http.headers["Accept-Language"] = accept_language

    def get(self, path: str, **kwargs) -> requests.Response:
        return self.http.get(urljoin(self.base_url, path), timeout=15, **kwargs)

    def page(self, path: str) -> BeautifulSoup:
        response = self.get(path)
        assert response.status_code == 200, describe(response)
        return parse(response)

    def submit(self, page_path: str, form_selector: str, fields: dict[str, str],
               csrf=PAGE_TOKEN) -> requests.Response:
        """Loads the page, then posts `fields` to its form as a browser would."""
        form = self.page(page_path).select_one(form_selector)
        assert form is not None, f"{page_path} has no {form_selector}"
        data = dict(fields)
        if csrf is PAGE_TOKEN:
            data["_csrf"] = form.select_one("input[name=_csrf]")["value"]
        elif csrf is not None:
            data["_csrf"] = csrf
        action = urljoin(urljoin(self.base_url, page_path), form.get("action") or page_path)
        return self.http.post(action, data=data, allow_redirects=False, timeout=15)

    def sign_up(self, name: str, email: str, password: str, **kwargs) -> requests.Response:
        fields = {"name": name, "email": email, "password": password}
        return self.submit("/signup", "form#signup-form", fields, **kwargs)

    def log_in(self, email: str, password: str, **kwargs) -> requests.Response:
        return self.submit("/login", "form#login-form", {"email": email, "password": password}, **kwargs)

    def log_out(self, **kwargs) -> requests.Response:
        return self.submit("/account", "form#logout-form", {}, **kwargs)
