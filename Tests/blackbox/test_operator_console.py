"""The operator console at /admin (issue 48), driven through the real binary over HTTP.

Nobody is an operator until `sprout accounts grant-admin` names them; to everyone else, signed in
or not, every console route answers exactly as an unknown path does (404, the same page), with or
without a valid CSRF token, so the console's existence is not advertised. An operator sees a
reported product and a reported conversation in context, hides the product (gone from the
open-market contract's list and the web for everyone but its seller), disables its seller from the
case (the seller's open event stream ends, their log-in is refused), and finds both actions on
/admin/audit and in `sprout audit`. Refused actions (no reason, the operator's own account, no
CSRF token) change nothing.

The module has one server of its own; the command line runs against its data directory while it
serves, as an operator would. Every test makes its own people and products (unique emails) and
counts only what it made, except the queue's count, read before and after.
"""
from __future__ import annotations

import threading
import uuid
from dataclasses import dataclass
from urllib.parse import parse_qs, urljoin, urlsplit

import pytest
import requests

from pyhelpers.conversations_api import PASSWORD, ConversationsAPI, Person
from pyhelpers.lessons_api import describe
from pyhelpers.market_api import expect_status
from pyhelpers.sprout_server import NO_RATE_LIMITS, run_cli, start_server
from pyhelpers.web_forms import WebVisitor, parse

# Streams are checked against their access every 300 ms (an action on this instance ends them at
# once anyway); tokens outlast a loaded run.
SETTINGS = {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false", "SPROUT_ACCESS_CHECK_INTERVAL": "300",
            "SPROUT_ACCESS_TOKEN_TTL": "3600"}
# What a browser sends: an unknown path answers a browser with the site's 404 page.
BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
ENDS_WITHIN = 10.0
UNKNOWN = "/admin-nope"
# Headers whose value or presence depends on the moment or the body's length, not the route.
VOLATILE_HEADERS = {"date", "content-length", "x-request-id", "etag", "last-modified"}


def unique_tag() -> str:
    return uuid.uuid4().hex[:8]


# --- The server and its people ----------------------------------------------------------------


@pytest.fixture(scope="module")
def console_server(tmp_path_factory):
    started = start_server(tmp_path_factory.mktemp("operator-console"), SETTINGS)
    yield started
    started.stop()


def cli(server, *args: str):
    """A `sprout` command against the running server's own data directory (`<workdir>/data`)."""
    return run_cli(server.data_dir.parent, *args)


@pytest.fixture(scope="module")
def conv(console_server) -> ConversationsAPI:
    return ConversationsAPI(console_server.base_url)


def signed_in(base: str, person: Person, language: str = "en") -> WebVisitor:
    visitor = WebVisitor(base, accept_language=language)
    answer = visitor.log_in(person.email, PASSWORD)
    assert answer.is_redirect, f"{person.email} could not log in on the web: {describe(answer)}"
    return visitor


@dataclass
class Operator:
    person: Person
    web: WebVisitor


@pytest.fixture(scope="module")
def operator(console_server, conv) -> Operator:
    """An account the command line made an operator, signed in on the web (in English)."""
    admin = conv.join(f"operator{unique_tag()}")
    granted = cli(console_server, "accounts", "grant-admin", admin.email)
    assert granted.returncode == 0, granted.stderr
    web = signed_in(console_server.base_url, admin)
    opened = web.get("/admin")
    assert opened.status_code == 200, describe(opened)
    return Operator(admin, web)


@pytest.fixture(scope="module")
def member(console_server, conv) -> tuple[Person, WebVisitor]:
    """A signed-in account that is no operator."""
    person = conv.join(f"member{unique_tag()}")
    return person, signed_in(console_server.base_url, person)


# --- Forms, redirects and pages -------------------------------------------------------------


def form_fields(form) -> dict[str, str]:
    """What a browser would send of `form` untouched: its hidden and typed values, ticked boxes,
    textareas and chosen options."""
    fields: dict[str, str] = {}
    for element in form.select("input[name], textarea[name], select[name]"):
        name = element["name"]
        if element.name == "textarea":
            fields[name] = element.get_text()
        elif element.name == "select":
            chosen = element.select_one("option[selected]") or element.select_one("option")
            fields[name] = chosen.get("value", "") if chosen else ""
        elif element.get("type") in ("checkbox", "radio"):
            if element.has_attr("checked"):
                fields[name] = element.get("value", "on")
        elif element.get("type") not in ("submit", "button", "file"):
            fields[name] = element.get("value", "")
    return fields


def post_form(visitor: WebVisitor, page_path: str, selector: str, changes: dict[str, str], *,
              csrf: bool = True) -> requests.Response:
    """Loads the page and posts its form as a browser would, with `changes` typed in; without its
    `_csrf` field when `csrf` is False."""
    page = visitor.get(page_path)
    assert page.status_code == 200, describe(page)
    form = parse(page).select_one(selector)
    assert form is not None, f"{page_path} has no {selector}"
    data = {**form_fields(form), **changes}
    if not csrf:
        data.pop("_csrf", None)
    action = urljoin(visitor.base_url + page_path, form.get("action") or page_path)
    return visitor.http.post(action, data=data, allow_redirects=False, timeout=15)


def went_to(response: requests.Response) -> tuple[str, dict[str, list[str]]]:
    """A redirect's target: its path and its query."""
    assert response.status_code in (302, 303), describe(response)
    target = urlsplit(urljoin(response.url, response.headers["Location"]))
    return target.path, parse_qs(target.query)


def page_of(visitor: WebVisitor, path: str):
    answer = visitor.get(path)
    assert answer.status_code == 200, describe(answer)
    return parse(answer)


def open_count(operator: Operator) -> int:
    return int(page_of(operator.web, "/admin").select_one("#open-reports").get_text(strip=True))


def queue_row(page, app: str, subject) -> object:
    return page.select_one(f'#queue li[data-app="{app}"][data-subject="{subject}"]')


def audit_entries(operator: Operator, query: str = "") -> list:
    return page_of(operator.web, "/admin/audit" + query).select("#audit > li")


def account_state(operator: Operator, account_id: str) -> str:
    return page_of(operator.web, f"/admin/accounts/{account_id}").select_one("#account-state").get_text(strip=True)


def audit_lines(server) -> list[list[str]]:
    """`sprout audit`, newest first: number, time, who, action, app, kind, id, account, reason."""
    result = cli(server, "audit", "--limit", "10000")
    assert result.returncode == 0, result.stderr
    return [line.split("\t") for line in result.stdout.splitlines() if line.count("\t") == 8]


# --- The market and its contract -------------------------------------------------------------


def listed_ids(base: str, search: str | None = None) -> set[int]:
    """The ids on the open-market contract's list (`GET /api/products`), as Dotori reads it."""
    query = {"page_no": "1", "items_per_page": "100"}
    if search is not None:
        query["search_value"] = search
    answer = requests.get(base + "/api/products", params=query, timeout=30)
    expect_status(answer, 200)
    return {product["id"] for product in answer.json()["pages"]}


def assert_listed(base: str, product: dict) -> None:
    assert product["id"] in listed_ids(base), "the product is on the contract's list"
    assert product["id"] in listed_ids(base, product["name"]), "the contract's search finds the product"
    expect_status(requests.get(f"{base}/api/products/{product['id']}", timeout=30), 200)


def report_product(visitor: WebVisitor, product_id: int, reason: str, note: str = "") -> requests.Response:
    filed = post_form(visitor, f"/market/products/{product_id}/report", "form#report-form", {"reason": reason, "note": note})
    assert filed.status_code == 200, describe(filed)
    return filed


def reported_case(conv: ConversationsAPI, base: str) -> tuple[Person, dict, Person]:
    """A seller's product that a buyer reported on the web: (seller, product, reporter)."""
    seller, reporter = conv.seller(f"seller{unique_tag()}"), conv.join(f"reporter{unique_tag()}")
    product = conv.product(seller, name=f"Brass lamp {unique_tag()}")
    filed = report_product(signed_in(base, reporter), product["id"], "spam")
    assert parse(filed).select_one("#report-filed") is not None, describe(filed)
    return seller, product, reporter


# --- Event streams -------------------------------------------------------------------------------


class EventStream:
    """`GET /api/events` with a bearer token, read by a thread of its own until the response
    ends: `how` is "complete" when its last chunk came, "broken …" when the connection broke."""

    def __init__(self, base: str, token: str):
        self.response = requests.get(base + "/api/events", stream=True, timeout=(5, 120),
                                     headers={"Accept": "text/event-stream", "Authorization": f"Bearer {token}"})
        assert self.response.status_code == 200, describe(self.response)
        self.received = b""
        self.how = ""
        self.ready = threading.Event()
        self.ended = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            while chunk := self.response.raw.read1(65536):
                self.received += chunk
                if b"retry:" in self.received:
                    self.ready.set()
            self.how = "complete"
        except Exception as error:  # a broken connection ends the stream too, told apart by `how`
            self.how = f"broken ({error!r})"
        finally:
            self.ended.set()

    def wait_ready(self) -> "EventStream":
        assert self.ready.wait(ENDS_WITHIN), f"the stream did not open: {self.received[:300]!r}"
        return self

    def close(self) -> None:
        self.response.close()


@pytest.fixture
def streams():
    opened: list[EventStream] = []

    def open_stream(base: str, token: str) -> EventStream:
        stream = EventStream(base, token)
        opened.append(stream)
        return stream.wait_ready()

    yield open_stream
    for stream in opened:
        stream.close()


# --- Not an operator: 404, exactly as an unknown path --------------------------------------------


@dataclass
class Scene:
    """Real ids for the console's routes: a reported product and its seller."""
    seller: Person
    product: dict


@pytest.fixture(scope="module")
def scene(conv, console_server) -> Scene:
    seller, product, _ = reported_case(conv, console_server.base_url)
    return Scene(seller, product)


def routes(scene: Scene) -> dict[str, tuple[str, str, dict[str, str]]]:
    product, seller = scene.product["id"], scene.seller.id
    reason = {"reason": "a non-operator tries", "tell_reporters": "1"}
    return {
        "queue": ("GET", "/admin", {}),
        "queue filtered": ("GET", "/admin?app=market&kind=product&order=newest", {}),
        "audit": ("GET", "/admin/audit", {}),
        "audit filtered": ("GET", "/admin/audit?action=hide", {}),
        "activity": ("GET", "/admin/activity", {}),
        "account": ("GET", f"/admin/accounts/{seller}", {}),
        "unknown account": ("GET", "/admin/accounts/0123456789abcdef01234567", {}),
        "case": ("GET", f"/admin/reports/market/{product}", {}),
        "unknown case": ("GET", "/admin/reports/market/987654321", {}),
        "hide": ("POST", f"/admin/reports/market/{product}/hide", {"kind": "product", "id": str(product), "hidden": "1", **reason}),
        "dismiss": ("POST", f"/admin/reports/market/{product}/dismiss", reason),
        "disable": ("POST", f"/admin/accounts/{seller}/state", {"disabled": "1", "app": "market", "subject": str(product), **reason}),
    }


ROUTE_NAMES = ["queue", "queue filtered", "audit", "audit filtered", "activity", "account", "unknown account", "case",
               "unknown case", "hide", "dismiss", "disable"]
POSTS = ["hide", "dismiss", "disable"]


def ask(visitor: WebVisitor, method: str, path: str, data: dict[str, str] | None = None) -> requests.Response:
    return visitor.http.request(method, visitor.base_url + path, data=data, headers=BROWSER, allow_redirects=False, timeout=15)


def as_seen(response: requests.Response) -> dict:
    """What a visitor can tell of an answer: status, page title and content, cookies and headers set."""
    page = parse(response)
    main = page.select_one("main#main")
    return {
        "status": response.status_code,
        "title": page.title.get_text(strip=True) if page.title else None,
        "main": str(main) if main is not None else response.text[:500],
        "cookies": sorted(c.split("=", 1)[0] for c in response.raw.headers.getlist("Set-Cookie")),
        "headers": sorted(name.lower() for name in response.headers if name.lower() not in VOLATILE_HEADERS),
    }


def csrf_token(visitor: WebVisitor) -> str:
    """The visitor's own valid token (the cookie a page set, which its forms carry)."""
    if not visitor.http.cookies.get("sprout-csrf"):
        assert visitor.get("/login").status_code in (200, 303)
    token = visitor.http.cookies.get("sprout-csrf")
    assert token, "no page gave this visitor a CSRF token"
    return token


def assert_nothing_changed(base: str, operator: Operator, scene: Scene, audited: int) -> None:
    assert_listed(base, scene.product)
    assert account_state(operator, scene.seller.id) == "Active"
    assert len(audit_entries(operator)) == audited, "a refused request wrote to the audit log"
    assert queue_row(page_of(operator.web, "/admin"), "market", scene.product["id"]) is not None, "the case is still open"


# Every route; each POST both without a token and with the visitor's own valid one.
ROUTE_CASES = [pytest.param(route, token, id=f"{route}, {token}")
               for route in ROUTE_NAMES for token in (["no token", "valid token"] if route in POSTS else ["no token"])]


@pytest.mark.parametrize("route, token", ROUTE_CASES)
@pytest.mark.parametrize("who", ["anonymous", "member"])
def test_every_console_route_answers_a_non_operator_as_an_unknown_path_does(console_server, operator, member, scene, who, route, token):
    base = console_server.base_url
    visitor = WebVisitor(base, accept_language="en") if who == "anonymous" else member[1]
    method, path, fields = routes(scene)[route]
    data, audited = None, 0
    if method == "POST":
        data = dict(fields)
        if token == "valid token":
            data["_csrf"] = csrf_token(visitor)
        audited = len(audit_entries(operator))

    unknown = as_seen(ask(visitor, method, UNKNOWN, data))
    console = as_seen(ask(visitor, method, path, data))
    assert unknown["status"] == 404, unknown
    assert console == unknown, f"{who} can tell {method} {path} from an unknown path"
    if method == "POST":
        assert_nothing_changed(base, operator, scene, audited)


def test_a_non_operator_without_html_gets_the_same_404_status_too(console_server, member):
    """A client that asks for no HTML (curl) gets a 404 from the console as from an unknown path."""
    for visitor in (WebVisitor(console_server.base_url), member[1]):
        for path in ("/admin", "/admin/audit", "/admin/activity"):
            answer = visitor.http.get(console_server.base_url + path, allow_redirects=False, timeout=15)
            assert answer.status_code == 404, describe(answer)


@pytest.mark.parametrize("route", POSTS)
@pytest.mark.parametrize("token", ["no token", "a wrong token"])
def test_an_operator_post_without_its_csrf_token_is_refused_like_any_form_and_changes_nothing(console_server, operator, scene, route, token):
    base = console_server.base_url
    _, path, fields = routes(scene)[route]
    data = dict(fields, reason="an operator's forged post")
    if token == "a wrong token":
        data["_csrf"] = "0" * 43
    audited = len(audit_entries(operator))
    refused = ask(operator.web, "POST", path, data)
    assert refused.status_code == 403, describe(refused)
    # As every other form refuses it (CSRFMiddleware), with the same page.
    other_form = ask(operator.web, "POST", f"/market/products/{scene.product['id']}/report", {"reason": "spam", **({"_csrf": data["_csrf"]} if "_csrf" in data else {})})
    assert other_form.status_code == 403, describe(other_form)
    assert parse(refused).title.get_text(strip=True) == parse(other_form).title.get_text(strip=True)
    assert_nothing_changed(base, operator, scene, audited)


# --- The commands ---------------------------------------------------------------------------------


@pytest.mark.parametrize("args, named", [
    pytest.param(["accounts", "grant-admin"], "grant-admin", id="accounts grant-admin"),
    pytest.param(["accounts", "revoke-admin"], "revoke-admin", id="accounts revoke-admin"),
    pytest.param(["audit"], "audit", id="audit"),
])
def test_the_console_commands_have_help(tmp_path, args, named):
    result = run_cli(tmp_path, *args, "--help", timeout=30)
    assert result.returncode == 0, result.stderr
    out = result.stdout + result.stderr
    assert "usage" in out.lower() and named in out, out


@pytest.mark.parametrize("command", ["grant-admin", "revoke-admin"])
def test_naming_an_unknown_account_is_one_line_and_a_non_zero_exit(tmp_path, command):
    assert run_cli(tmp_path, "migrate").returncode == 0
    result = run_cli(tmp_path, "accounts", command, "nobody@example.com")
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "no account has the email or phone number nobody@example.com" in lines[0], result.stderr


def test_audit_on_a_fresh_server_says_there_is_nothing(tmp_path):
    assert run_cli(tmp_path, "migrate").returncode == 0
    result = run_cli(tmp_path, "audit")
    assert result.returncode == 0, result.stderr
    assert "No actions yet." in result.stdout + result.stderr
    assert not [line for line in result.stdout.splitlines() if line.count("\t") == 8]


def test_grant_admin_opens_the_console_revoke_admin_closes_it_and_audit_prints_both(console_server, conv):
    base = console_server.base_url
    person = conv.join(f"granted{unique_tag()}")
    web = signed_in(base, person)
    assert web.get("/admin").status_code == 404, "nobody is an operator by default"

    granted = cli(console_server, "accounts", "grant-admin", person.email)
    assert granted.returncode == 0, granted.stderr
    opened = web.get("/admin")
    assert opened.status_code == 200, describe(opened)
    assert parse(opened).select_one("#open-reports") is not None
    for path in ("/admin/audit", "/admin/activity", f"/admin/accounts/{person.id}"):
        assert web.get(path).status_code == 200, path
    again = cli(console_server, "accounts", "grant-admin", person.email)
    assert again.returncode == 0, again.stderr

    revoked = cli(console_server, "accounts", "revoke-admin", person.email)
    assert revoked.returncode == 0, revoked.stderr
    assert web.get("/admin").status_code == 404, "revoked, the console is gone at once"
    assert web.get("/admin/audit").status_code == 404
    assert cli(console_server, "accounts", "revoke-admin", person.email).returncode == 0, "revoking twice is no error"

    mine = [line for line in audit_lines(console_server) if line[6] == person.id]
    # A grant of an operator and a revoke of a non-operator change nothing, so write nothing.
    assert [line[3] for line in mine] == ["revoke_admin", "grant_admin"], mine
    for line in mine:
        number, _at, who, _action, app, kind, item, account, reason = line
        assert number.isdigit() and who == "command line" and (app, kind, account) == ("accounts", "account", person.id), line
        assert reason == "command line", line
    assert int(mine[0][0]) > int(mine[1][0]), "newest first"
    newest = cli(console_server, "audit", "--limit", "1")
    assert newest.returncode == 0, newest.stderr
    assert [line.split("\t")[3] for line in newest.stdout.splitlines() if line.count("\t") == 8] == ["revoke_admin"]


# --- Reports in context, actions, the audit log ----------------------------------------------------


def test_an_operator_sees_reports_in_context_hides_the_product_and_disables_its_seller(console_server, conv, operator, streams):
    base = console_server.base_url
    tag = unique_tag()
    seller, buyer, bystander = conv.seller(f"seller{tag}"), conv.join(f"buyer{tag}"), conv.join(f"bystander{tag}")
    description = f"Solid brass desk lamp, works well {tag}"
    product = conv.product(seller, name=f"Brass lamp {tag}", description=description)
    pid = product["id"]
    seller_web, buyer_web, bystander_web = signed_in(base, seller), signed_in(base, buyer), signed_in(base, bystander)
    assert_listed(base, product)
    assert bystander_web.get(f"/market/products/{pid}").status_code == 200
    waiting = open_count(operator)

    # The buyer reports the product, talks to its seller about it and reports the conversation.
    filed = report_product(buyer_web, pid, "fraud", f"asks for the money first {tag}")
    assert parse(filed).select_one("#report-filed") is not None
    talk = conv.opened(buyer, pid, f"Is the lamp still for sale? {tag}", status=201)
    pushy = conv.sent(seller, talk["id"], f"Wire me the money first, no meeting {tag}")
    reported = post_form(buyer_web, f"/inbox/{talk['web_id']}/report", "form#report-form", {"reason": "fraud"})
    assert reported.status_code == 200 and parse(reported).select_one("#report-filed") is not None, describe(reported)

    # Both wait in the queue, counted in the header.
    queue = page_of(operator.web, "/admin")
    assert int(queue.select_one("#open-reports").get_text(strip=True)) == waiting + 2
    product_row, talk_row = queue_row(queue, "market", pid), queue_row(queue, "conversations", talk["id"])
    assert product_row is not None and talk_row is not None, queue.select_one("main")
    assert product["name"] in product_row.get_text() and "1" in product_row.select_one(".case-count").get_text()
    by_app = page_of(operator.web, "/admin?app=conversations")
    assert queue_row(by_app, "conversations", talk["id"]) is not None and queue_row(by_app, "market", pid) is None
    by_kind = page_of(operator.web, "/admin?kind=product")
    assert queue_row(by_kind, "market", pid) is not None and queue_row(by_kind, "conversations", talk["id"]) is None

    # The product's case: the thing as reporters saw it, why, and its seller's history.
    case_path = f"/admin/reports/market/{pid}"
    assert product_row.select_one("a.case-link")["href"] == case_path
    case = page_of(operator.web, case_path)
    assert product["name"] in case.select_one("#case-title").get_text()
    assert description in case.select_one("#case-thing").get_text()
    photos = case.select(".case-photos img")
    assert photos, "the product's photos are shown"
    for photo in photos:
        shown = operator.web.get(photo["src"])
        assert shown.status_code == 200 and shown.headers["Content-Type"].startswith("image/"), describe(shown)
    reports = case.select_one("#case-reports").get_text()
    assert "It looks like a scam 1" in reports and f"asks for the money first {tag}" in reports, reports
    assert seller.name in case.select_one("#account-history").get_text()
    assert case.select_one("#hide-form") is not None and case.select_one("#account-form") is not None

    # The conversation's case: its last lines before the report, saying why they are shown.
    talk_case = page_of(operator.web, f"/admin/reports/conversations/{talk['id']}")
    assert talk_case.select_one("#parts-note") is not None
    lines = talk_case.select_one("#case-parts").get_text()
    assert f"Is the lamp still for sale? {tag}" in lines and f"Wire me the money first, no meeting {tag}" in lines
    assert talk_case.select_one(f"#part-message-{pushy['id']}") is not None
    assert talk_case.select_one("#hide-form") is None, "a conversation is not hidden as a whole"
    for name in (seller.name, buyer.name):
        assert name in talk_case.select_one("#case-title").get_text()

    # Hidden, with a reason: gone for everyone but its seller, who is told.
    hide_reason = f"Asks for payment before meeting\nseen in report {tag}"
    hidden = post_form(operator.web, case_path, "#hide-form", {"reason": hide_reason})
    path, query = went_to(hidden)
    assert (path, query.get("done")) == (case_path, ["hidden"]), hidden.headers["Location"]
    after = page_of(operator.web, hidden.headers["Location"])
    assert after.select_one("#console-done") is not None and after.select_one("#thing-hidden") is not None
    assert after.select_one("#case-closed") is not None, "hiding deals with the case"

    assert pid not in listed_ids(base) and pid not in listed_ids(base, product["name"])
    assert requests.get(f"{base}/api/products/{pid}", timeout=30).status_code == 404
    assert bystander_web.get(f"/market/products/{pid}").status_code == 404
    assert WebVisitor(base).get(f"/market/products/{pid}").status_code == 404
    assert product["name"] not in bystander_web.get("/market").text
    own = seller_web.get(f"/market/products/{pid}")
    assert own.status_code == 200 and parse(own).select_one("#removed-notice") is not None, describe(own)

    told = requests.get(f"{base}/api/notifications?limit=50", headers={**{"Accept-Language": "ko"}, **buyer.auth}, timeout=30).json()
    assert any(n["kind"] == "moderation" and n["text"].startswith("신고가 처리되었어요") for n in told["notifications"]), told
    told = requests.get(f"{base}/api/notifications?limit=50", headers={**{"Accept-Language": "ko"}, **seller.auth}, timeout=30).json()
    assert any(n["kind"] == "moderation" and "숨겨졌어요" in n["text"] for n in told["notifications"]), told

    queue = page_of(operator.web, "/admin")
    assert queue_row(queue, "market", pid) is None, "a hidden product's case has left the queue"
    assert queue_row(queue, "conversations", talk["id"]) is not None
    assert int(queue.select_one("#open-reports").get_text(strip=True)) == waiting + 1

    # Disabled from the case: the seller's open stream ends, their log-ins are refused.
    stream, other = streams(base, seller.token), streams(base, bystander.token)
    disable_reason = f"Scams buyers {tag}"
    disabled = post_form(operator.web, case_path, "#account-form", {"reason": disable_reason})
    path, query = went_to(disabled)
    assert (path, query.get("done")) == (case_path, ["disabled"]), disabled.headers["Location"]
    assert stream.ended.wait(ENDS_WITHIN), f"the seller's event stream was still open {ENDS_WITHIN} s after the account was disabled"
    assert stream.how == "complete", f"the stream should finish with its last chunk, not {stream.how!r}"
    assert not other.ended.is_set(), f"another account's stream ended too ({other.how})"
    assert account_state(operator, seller.id) == "Disabled"
    refused = conv.market.login(seller.email, PASSWORD)
    assert refused.status_code == 403, describe(refused)
    refused = WebVisitor(base).log_in(seller.email, PASSWORD)
    assert refused.status_code == 403 and not refused.is_redirect, describe(refused)
    path, _ = went_to(seller_web.get("/account", allow_redirects=False))
    assert path == "/login", "the seller's web session ended"

    # Both actions in the audit log, on the page and on the command line.
    entries = audit_entries(operator)
    hid = [e for e in entries if e["data-action"] == "hide" and f"market product {pid}" in e.get_text()]
    assert len(hid) == 1 and f"seen in report {tag}" in hid[0].select_one(".audit-reason").get_text(), entries[:3]
    off = [e for e in entries if e["data-action"] == "disable" and seller.id in e.get_text()]
    assert len(off) == 1 and disable_reason in off[0].select_one(".audit-reason").get_text(), entries[:3]
    assert operator.person.email in off[0].get_text()
    only_hides = audit_entries(operator, "?action=hide")
    assert only_hides and all(e["data-action"] == "hide" for e in only_hides)

    lines = audit_lines(console_server)
    hide_line = next(line for line in lines if line[3] == "hide" and line[6] == str(pid))
    disable_line = next(line for line in lines if line[3] == "disable" and line[6] == seller.id)
    assert hide_line[2] == operator.person.email and hide_line[4:6] == ["market", "product"] and hide_line[7] == seller.id
    assert hide_line[8] == f"Asks for payment before meeting seen in report {tag}", "a reason is one line on the command line"
    assert disable_line[2] == operator.person.email and disable_line[4:8] == ["accounts", "account", seller.id, seller.id]
    assert disable_line[8] == disable_reason
    assert lines.index(disable_line) < lines.index(hide_line), "newest first"
    # The server's log has each action, but not the operator's words about people.
    logged = console_server.output()
    assert "moderation action" in logged
    assert "Asks for payment before meeting" not in logged and disable_reason not in logged


def test_an_action_without_a_reason_is_sent_back_and_changes_nothing(console_server, conv, operator, streams):
    base = console_server.base_url
    seller, product, _ = reported_case(conv, base)
    case_path = f"/admin/reports/market/{product['id']}"
    audited = len(audit_entries(operator))
    stream = streams(base, seller.token)

    for form in ("#hide-form", "#account-form", "#dismiss-form"):
        refused = post_form(operator.web, case_path, form, {"reason": "  \n "})
        path, query = went_to(refused)
        assert (path, query.get("problem")) == (case_path, ["reason-needed"]), (form, refused.headers["Location"])
        assert page_of(operator.web, refused.headers["Location"]).select_one("#console-problem") is not None
    too_long = post_form(operator.web, case_path, "#hide-form", {"reason": "x" * 501})
    assert went_to(too_long) == (case_path, {"problem": ["reason-too-long"]})

    assert_listed(base, product)
    assert account_state(operator, seller.id) == "Active"
    assert not stream.ended.is_set(), "the seller's stream was ended by a refused action"
    assert len(audit_entries(operator)) == audited
    assert queue_row(page_of(operator.web, "/admin"), "market", product["id"]) is not None


def test_an_operator_cannot_disable_their_own_account_from_the_web(console_server, operator, scene):
    own_page = f"/admin/accounts/{operator.person.id}"
    assert page_of(operator.web, own_page).select_one("#account-form") is None, "no form offers it"
    # A post made by hand, with a valid token, is refused all the same.
    data = {"_csrf": csrf_token(operator.web), "disabled": "1", "reason": "trying on myself",
            "app": "market", "subject": str(scene.product["id"])}
    audited = len(audit_entries(operator))
    refused = operator.web.http.post(console_server.base_url + own_page + "/state", data=data, allow_redirects=False, timeout=15)
    path, query = went_to(refused)
    assert query.get("problem") == ["own-account"], refused.headers["Location"]
    assert path in (own_page, f"/admin/reports/market/{scene.product['id']}"), path
    assert page_of(operator.web, refused.headers["Location"]).select_one("#console-problem") is not None
    assert account_state(operator, operator.person.id) == "Active"
    assert operator.web.get("/admin").status_code == 200, "still an operator, still signed in"
    assert len(audit_entries(operator)) == audited


def test_a_dismissed_case_leaves_the_queue_and_a_later_report_opens_it_again(console_server, conv, operator):
    base = console_server.base_url
    seller, product, first_reporter = reported_case(conv, base)
    pid = product["id"]
    assert queue_row(page_of(operator.web, "/admin"), "market", pid) is not None
    waiting = open_count(operator)

    dismissed = post_form(operator.web, f"/admin/reports/market/{pid}", "#dismiss-form", {"reason": f"An ordinary lamp {pid}"})
    path, query = went_to(dismissed)
    assert (path, query.get("done")) == ("/admin", ["dismissed"]), dismissed.headers["Location"]
    queue = page_of(operator.web, dismissed.headers["Location"])
    assert queue.select_one("#console-done") is not None
    assert queue_row(queue, "market", pid) is None
    assert int(queue.select_one("#open-reports").get_text(strip=True)) == waiting - 1
    assert_listed(base, product)  # dismissing hides nothing
    assert any(e["data-action"] == "dismiss" and f"An ordinary lamp {pid}" in e.get_text() for e in audit_entries(operator))
    told = requests.get(f"{base}/api/notifications?limit=50", headers=first_reporter.auth, timeout=30).json()
    assert any(n["kind"] == "moderation" for n in told["notifications"]), "the reporter is told"

    # The same person reporting again files nothing new; someone else's report opens it again.
    again = report_product(signed_in(base, first_reporter), pid, "fraud")
    assert parse(again).select_one("#report-filed") is not None
    assert queue_row(page_of(operator.web, "/admin"), "market", pid) is None
    report_product(signed_in(base, conv.join(f"second{unique_tag()}")), pid, "fraud")
    queue = page_of(operator.web, "/admin")
    row = queue_row(queue, "market", pid)
    assert row is not None, "a later report opens the case again"
    assert "2" in row.select_one(".case-count").get_text()
    assert int(queue.select_one("#open-reports").get_text(strip=True)) == waiting
    assert page_of(operator.web, f"/admin/reports/market/{pid}").select_one("#case-closed") is None


def test_a_restored_product_is_back_for_everyone(console_server, conv, operator):
    base = console_server.base_url
    seller, product, _ = reported_case(conv, base)
    case_path = f"/admin/reports/market/{product['id']}"
    went_to(post_form(operator.web, case_path, "#hide-form", {"reason": "hidden to restore"}))
    assert product["id"] not in listed_ids(base)

    restore = parse(operator.web.get(case_path)).select_one("#hide-form input[name=hidden]")
    assert restore["value"] == "0", "a hidden product's form restores it"
    restored = post_form(operator.web, case_path, "#hide-form", {"reason": "it was fine after all"})
    assert went_to(restored) == (case_path, {"done": ["restored"]})
    assert_listed(base, product)
    assert WebVisitor(base).get(f"/market/products/{product['id']}").status_code == 200
    actions = [e["data-action"] for e in audit_entries(operator) if f"market product {product['id']}" in e.get_text()]
    assert actions == ["restore", "hide"], actions
