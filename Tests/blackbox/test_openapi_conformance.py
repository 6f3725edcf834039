"""Every answer on the happy paths agrees with the API's own OpenAPI document.

The six documents (`/openapi/<name>.json`) describe each operation's statuses and, per status, the
answer's body as a JSON Schema (`$ref: #/components/schemas/...`). These tests drive each API the
way its clients do and hold *every* response to that description: the route and method must be
documented, the status must be one the operation lists, the Content-Type one it lists for that
status, and a JSON body must validate (Draft 2020-12) against the documented schema made strict:
an object schema that lists `properties` gets `additionalProperties: false`, so a field the server
writes but the document does not name is a disagreement too. Error answers (4xx) are checked
against the error schemas the same way. A `text/plain` answer only has to say so in its
Content-Type; a status documented without `content` is not judged by its body.

The flows also re-read a few answers the way URLSession's cache does (`If-None-Match` with the
answer's ETag, since every read says `Cache-Control: private, no-cache`), so the 304 a real client
gets is held to the document too.

Responses are checked by a hook on `requests.Session.send`, so the calls the shared helpers make
(joins, logins, phone sign-in, vendor sign-up) are held to the documents as well. Disagreements are
collected, not raised one by one: a failing test lists all of them. schemathesis
(test_schemathesis.py, test_schemathesis_platform.py) covers generated hostile input; this file covers realistic flows.
"""
from __future__ import annotations

import base64
import copy
import json
import random
import re
import time
import urllib.parse
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from urllib.parse import quote, urlsplit

import pytest
import requests
from jsonschema import Draft202012Validator
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from pyhelpers.lessons_api import Account, LessonsAPI, describe
from pyhelpers.lessons_posts import Member, jpeg, lesson_body, new_member, signed_access_token, unique_product
from pyhelpers.market_api import MarketAPI, Vendor, product_params, tiny_png, unique_tag
from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server
from pyhelpers.study_api import API_KEY, GLSME, StudyClient, unique_phone

DOCUMENTS = ("platform", "phone-auth", "lessons", "lessons-booking", "market", "study", "reading")
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")

# ---------------------------------------------------------------------------------------------
# Strict schemas

# Keywords whose value is a map of subschemas, a list of subschemas, or one subschema (2020-12).
_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
_SCHEMA_ONE = ("items", "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "not", "if",
               "then", "else", "contains", "propertyNames", "contentSchema")


def strict(schema):
    """A copy of `schema` in which every object schema that lists `properties` and says nothing of
    `additionalProperties` (or `unevaluatedProperties`) refuses other properties."""
    if not isinstance(schema, dict):
        return schema  # boolean schemas
    out = dict(schema)
    for key in _SCHEMA_MAPS:
        if isinstance(out.get(key), dict):
            out[key] = {name: strict(sub) for name, sub in out[key].items()}
    for key in _SCHEMA_LISTS:
        if isinstance(out.get(key), list):
            out[key] = [strict(sub) for sub in out[key]]
    for key in _SCHEMA_ONE:
        if isinstance(out.get(key), dict):
            out[key] = strict(out[key])
    if "properties" in out and "additionalProperties" not in out and "unevaluatedProperties" not in out:
        out["additionalProperties"] = False
    return out


def strict_document(document: dict) -> dict:
    """The document with its component schemas and every answer schema made strict (a deep copy:
    the fetched document is left as the server sent it)."""
    out = copy.deepcopy(document)
    schemas = out.get("components", {}).get("schemas", {})
    for name in list(schemas):
        schemas[name] = strict(schemas[name])
    for item in out.get("paths", {}).values():
        for method, operation in item.items():
            if method not in HTTP_METHODS:
                continue
            for answer in operation.get("responses", {}).values():
                for media in answer.get("content", {}).values():
                    if "schema" in media:
                        media["schema"] = strict(media["schema"])
    return out


def pointer(*segments: str) -> str:
    """A JSON pointer as a URI fragment (`~1` for `/`, then percent-encoded)."""
    return "/" + "/".join(quote(s.replace("~", "~0").replace("/", "~1"), safe="~") for s in segments)


# ---------------------------------------------------------------------------------------------
# Operations and the checker


def _template_regex(template: str, tail_spans_slashes: bool) -> re.Pattern:
    parts = re.split(r"(\{[^}]+\})", template)
    placeholders = [i for i, part in enumerate(parts) if part.startswith("{")]
    pattern = ""
    for index, part in enumerate(parts):
        if part.startswith("{"):
            last = placeholders and index == placeholders[-1] and index == len(parts) - 2 and parts[-1] == ""
            pattern += "(.+)" if (tail_spans_slashes and last) else "([^/]+)"
        else:
            pattern += re.escape(part)
    return re.compile(pattern)


@dataclass
class Template:
    api: str
    template: str
    item: dict
    exact: re.Pattern
    catch_all: re.Pattern  # a path parameter at the very end may hold slashes (`/uploads/{path}`)

    @property
    def specificity(self) -> tuple[int, int]:
        # OpenAPI: concrete paths win over templated ones (`/v1/posts/files` over `/v1/posts/{post_id}`).
        literal = re.sub(r"\{[^}]+\}", "", self.template)
        return (-self.template.count("{"), len(literal))


@dataclass
class Problem:
    operation: str
    status: int
    where: str       # JSON path in the body, or "" for a status / Content-Type / route problem
    message: str
    example: str     # the request that showed it

    def key(self) -> tuple:
        return (self.operation, self.status, re.sub(r"\[\d+\]", "[*]", self.where), self.message)


@dataclass
class Conformance:
    documents: dict[str, dict] = field(repr=False)
    problems: list[Problem] = field(default_factory=list, repr=False)
    checked: Counter = field(default_factory=Counter, repr=False)

    def __post_init__(self):
        self.registry = Registry()
        self.templates: list[Template] = []
        self._validators: dict[str, Draft202012Validator] = {}
        for api, document in self.documents.items():
            self.registry = self.registry.with_resource(self.uri(api), DRAFT202012.create_resource(strict_document(document)))
            for template, item in document.get("paths", {}).items():
                self.templates.append(Template(api, template, item, _template_regex(template, False),
                                               _template_regex(template, True)))

    @staticmethod
    def uri(api: str) -> str:
        return f"urn:sprout:openapi:{api}"

    def validator(self, api: str, fragment: str) -> Draft202012Validator:
        ref = f"{self.uri(api)}#{fragment}"
        if ref not in self._validators:
            self._validators[ref] = Draft202012Validator({"$ref": ref}, registry=self.registry)
        return self._validators[ref]

    def find(self, path: str) -> list[Template]:
        """The documented path templates this request path falls under, most specific first."""
        for attribute in ("exact", "catch_all"):
            found = [t for t in self.templates if getattr(t, attribute).fullmatch(path)]
            if found:
                return sorted(found, key=lambda t: t.specificity, reverse=True)
        return []

    def problem(self, operation: str, response: requests.Response, where: str, message: str) -> None:
        request = response.request
        example = f"{request.method} {request.path_url} -> {response.status_code}"
        self.problems.append(Problem(operation, response.status_code, where, message, example))

    def check(self, response: requests.Response) -> None:
        request = response.request
        method = request.method.lower()
        path = urllib.parse.unquote(urlsplit(request.url).path)
        label = f"{request.method} {path}"
        candidates = self.find(path)
        if not candidates:
            self.problem(label, response, "", "the path is in no OpenAPI document")
            return
        chosen = next((t for t in candidates if method in t.item), None)
        if chosen is None:
            self.problem(label, response, "", f"{request.method} is not documented for {candidates[0].template} "
                                              f"({candidates[0].api})")
            return
        operation = chosen.item[method]
        label = f"{request.method} {chosen.template} ({chosen.api})"
        self.checked[(label, response.status_code)] += 1

        answers = operation.get("responses", {})
        status = str(response.status_code)
        key = status if status in answers else f"{status[0]}XX" if f"{status[0]}XX" in answers else \
            "default" if "default" in answers else None
        if key is None:
            self.problem(label, response, "", f"status {status} is not documented (documented: {', '.join(answers)}); "
                                              f"body {response.text[:160]!r}")
            return
        content = answers[key].get("content")
        if not content:
            return  # nothing documented about the body

        sent_type = response.headers.get("Content-Type", "")
        media = sent_type.split(";")[0].strip().lower()
        documented = next((name for name in content if _media_matches(name, media)), None)
        if documented is None:
            self.problem(label, response, "", f"Content-Type {sent_type or '(none)'!r} is not documented "
                                              f"(documented: {', '.join(content)}); body {response.text[:120]!r}")
            return
        if documented.startswith("text/plain") or not _is_json(documented) or "schema" not in content[documented]:
            return
        try:
            body = json.loads(response.content)
        except ValueError as error:
            self.problem(label, response, "", f"the body is not JSON ({error}): {response.text[:160]!r}")
            return
        fragment = pointer("paths", chosen.template, method, "responses", key, "content", documented, "schema")
        for error in sorted(self.validator(chosen.api, fragment).iter_errors(body), key=lambda e: list(e.path)):
            message = error.message if len(error.message) <= 300 else error.message[:300] + "…"
            self.problem(label, response, error.json_path, f"{message} [schema {'/'.join(map(str, error.schema_path))}]")

    def report(self) -> str:
        grouped: dict[tuple, list[Problem]] = {}
        for problem in self.problems:
            grouped.setdefault(problem.key(), []).append(problem)
        lines = [f"{len(grouped)} disagreement(s) between answers and their OpenAPI documents "
                 f"({len(self.problems)} occurrences):"]
        for (operation, status, where, message), seen in grouped.items():
            place = f" at {where}" if where else ""
            lines.append(f"- {operation} -> {status}{place}: {message}  (x{len(seen)}, e.g. {seen[0].example})")
        return "\n".join(lines)


def _media_matches(documented: str, sent: str) -> bool:
    documented = documented.split(";")[0].strip().lower()
    if documented in ("*/*", sent):
        return True
    return documented.endswith("/*") and sent.startswith(documented[:-1])


def _is_json(media: str) -> bool:
    media = media.split(";")[0].strip().lower()
    return media == "application/json" or media.endswith("+json")


# ---------------------------------------------------------------------------------------------
# Fixtures


@pytest.fixture(scope="module")
def sprout(tmp_path_factory):
    """A server of this module's own (demo data on, as a fresh install has it), so the flows below
    neither see nor disturb the other modules' data."""
    server = start_server(tmp_path_factory.mktemp("conformance"), NO_RATE_LIMITS)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def documents(sprout) -> dict[str, dict]:
    fetched = {}
    for name in DOCUMENTS:
        response = requests.get(f"{sprout.base_url}/openapi/{name}.json", timeout=15)
        assert response.status_code == 200, describe(response)
        fetched[name] = response.json()
    return fetched


@pytest.fixture
def conformance(documents, monkeypatch) -> Conformance:
    """Checks every response any `requests` call gets during the test (helpers' calls included)."""
    checker = Conformance(documents)
    send = requests.Session.send

    def checked_send(session, request, **kwargs):
        response = send(session, request, **kwargs)
        checker.check(response)
        return response

    monkeypatch.setattr(requests.Session, "send", checked_send)
    return checker


def need(response: requests.Response, status: int, conformance: Conformance) -> requests.Response:
    """A step the flow depends on: stop (showing what was collected so far) if it did not succeed."""
    if response.status_code != status:
        pytest.fail(f"the flow expected {status}: {describe(response)}\n\n{conformance.report()}", pytrace=False)
    return response


def revalidate(response: requests.Response) -> requests.Response | None:
    """Asks again the way URLSession's cache does for an answer with an ETag and
    `Cache-Control: no-cache`: the same request with `If-None-Match` (a 304 when nothing changed)."""
    tag = response.headers.get("ETag")
    if tag is None:
        return None
    request = response.request.copy()
    request.headers["If-None-Match"] = tag
    with requests.Session() as session:
        return session.send(request, timeout=15)


def finish(sprout, conformance: Conformance) -> None:
    """The server survived the flow, and no answer disagreed with its document."""
    health = requests.get(sprout.base_url + "/healthz", timeout=15)
    assert sprout.process.poll() is None and health.status_code == 200, f"the server is down: {sprout.output()[-2000:]}"
    if conformance.problems:
        pytest.fail(conformance.report(), pytrace=False)


# ---------------------------------------------------------------------------------------------
# The checker itself (no server needed)


def test_the_checker_catches_what_it_should():
    document = {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {
        "/v1/things/{id}": {"get": {"responses": {
            "200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
            "404": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}}},
        "/v1/things/special": {"get": {"responses": {"200": {"description": "", "content": {"text/plain": {"schema": {"type": "string"}}}}}}},
        "/x.googleapis.com/v1/accounts:lookup": {"post": {"responses": {"204": {"description": ""}}}},
        "/uploads/{path}": {"get": {"responses": {"200": {"description": "", "content": {"image/*": {"schema": {}}}}}}},
    }, "components": {"schemas": {
        "Thing": {"type": "object", "properties": {"id": {"type": "string"}, "tags": {"type": "array", "items": {
            "type": "object", "properties": {"name": {"type": "string"}}}}}, "required": ["id"]},
        "Error": {"type": "object", "properties": {"reason": {"type": "string"}}, "required": ["reason"]}}}}
    pristine = copy.deepcopy(document)
    checker = Conformance({"t": document})
    assert document == pristine, "the checker must not change the document"

    def answer(method, path, status, body, content_type="application/json; charset=utf-8"):
        response = requests.Response()
        response.status_code = status
        response._content = body if isinstance(body, bytes) else json.dumps(body).encode()
        response.headers["Content-Type"] = content_type
        response.request = requests.Request(method, "http://sprout.test" + path).prepare()
        before = len(checker.problems)
        checker.check(response)
        return [f"{p.where} {p.message}" for p in checker.problems[before:]]

    assert answer("GET", "/v1/things/a1", 200, {"id": "a1", "tags": [{"name": "x"}]}) == []
    assert "'extra' was unexpected" in answer("GET", "/v1/things/a1", 200, {"id": "a1", "extra": 1})[0]
    assert "$.tags[0]" in answer("GET", "/v1/things/a1", 200, {"id": "a1", "tags": [{"name": "x", "more": 1}]})[0]
    assert "None is not of type 'string'" in answer("GET", "/v1/things/a1", 200, {"id": None})[0]
    assert "'reason' is a required property" in answer("GET", "/v1/things/a1", 404, {"message": "x"})[0]
    assert "status 500 is not documented" in answer("GET", "/v1/things/a1", 500, {})[0]
    assert "Content-Type 'text/html'" in answer("GET", "/v1/things/a1", 200, b"<p>", "text/html")[0]
    assert answer("GET", "/v1/things/special", 200, b"ok", "text/plain; charset=utf-8") == []
    assert "Content-Type 'application/json" in answer("GET", "/v1/things/special", 200, {})[0]
    assert answer("POST", "/x.googleapis.com/v1/accounts:lookup", 204, b"", "") == []
    assert "is not documented for" in answer("GET", "/x.googleapis.com/v1/accounts:lookup", 204, b"", "")[0]
    assert "in no OpenAPI document" in answer("GET", "/v2/nothing", 200, {})[0]
    assert answer("GET", "/uploads/lessons/a.jpg", 200, b"\xff\xd8", "image/jpeg") == []


# ---------------------------------------------------------------------------------------------
# Platform: health, documents, accounts


def test_platform_answers_match_the_document(sprout, conformance):
    base = sprout.base_url
    need(requests.get(base + "/healthz", timeout=15), 200, conformance)
    revalidate(need(requests.get(base + "/openapi/platform.json", timeout=15), 200, conformance))
    requests.get(base + "/openapi/no-such-api.json", timeout=15)  # 404

    tag = unique_tag()
    email, password = f"platform-{tag}@example.com", f"pw-{tag}-long"
    joined = need(requests.post(base + "/api/auth/join", json={"email": email, "password": password, "name": f"p{tag}"},
                                timeout=30), 200, conformance).json()
    requests.post(base + "/api/auth/join", json={"email": email, "password": password, "name": f"q{tag}"}, timeout=30)  # 409
    requests.post(base + "/api/auth/join", json={"email": "not-an-email", "password": password, "name": "x"}, timeout=30)  # 400

    session = need(requests.post(base + "/api/auth/login", json={"email": email, "password": password}, timeout=30),
                   200, conformance).json()
    requests.post(base + "/api/auth/login", json={"email": email, "password": "wrong-password"}, timeout=30)  # 401
    requests.post(base + "/api/auth/login", json={"email": email}, timeout=30)  # 400

    # Refresh: 409 while the access token is good, 200 once it has expired (forged with the
    # server's own secret: this module owns the data directory), then 401 for garbage.
    requests.get(base + "/api/auth/refresh", headers={"Authorization": f"Bearer {session['accessToken']}",
                                                      "Refresh": session["refreshToken"]}, timeout=15)
    expired = signed_access_token(sprout.data_dir, joined["user_id"], -60)
    refreshed = need(requests.get(base + "/api/auth/refresh", headers={"Authorization": f"Bearer {expired}",
                                                                      "Refresh": session["refreshToken"]}, timeout=15),
                     200, conformance).json()
    requests.get(base + "/api/auth/refresh", headers={"Authorization": "Bearer nonsense", "Refresh": "nonsense"}, timeout=15)

    need(requests.post(base + "/api/auth/logout", headers={"Refresh": refreshed.get("refreshToken", "")}, timeout=15),
         200, conformance)
    requests.post(base + "/api/auth/logout", timeout=15)  # 400: no Refresh header
    requests.get(base + "/uploads/no/such/file.jpg", timeout=15)  # 404
    demo = requests.get(base + "/api/products?page_no=1&items_per_page=1", timeout=15).json()["pages"]
    if demo:  # a demo product's thumbnail: 200, then 304 for its ETag
        revalidate(need(requests.get(demo[0]["thumbnail"], timeout=15), 200, conformance))
    finish(sprout, conformance)


# ---------------------------------------------------------------------------------------------
# Lessons (LSLP): SesacKey, bare tokens, JSON bodies, multipart uploads


def test_lessons_answers_match_the_document(sprout, conformance):
    api = LessonsAPI(sprout.base_url, sprout.dev_key())
    account = Account.unique()
    need(api.request("POST", "/v1/validation/email", json={"email": account.email}), 200, conformance)
    need(api.join(account.join_body(phoneNum="1")), 200, conformance)
    api.join(account.join_body(phoneNum="1"))  # 409: taken
    api.join({"email": f"x{account.email}", "password": "pw"})  # 400: no nick
    login = need(api.login(account.email, account.password), 200, conformance).json()
    api.login(account.email, "wrong-password")  # 401
    api.request("GET", "/v1/users/me/profile", key=None, token=login["accessToken"])  # 420: no SesacKey

    teacher = Member(api, account, login["user_id"], login["accessToken"], login["refreshToken"], account.nick)
    student = new_member(api, phoneNum="0")
    revalidate(need(teacher.call("GET", "/v1/users/me/profile", headers={"Content-Type": "application/json"}), 200,
                    conformance))

    paths = need(teacher.upload([jpeg(), jpeg()]), 200, conformance).json()["files"]
    revalidate(need(teacher.fetch_file(paths[0]), 200, conformance))
    teacher.call("POST", "/v1/posts/files", files=[("files", ("notes.txt", b"hello", "text/plain"))])  # 400

    product = unique_product()
    post = need(teacher.create_post(lesson_body(product, files=paths)), 200, conformance).json()
    post_id = post["post_id"]
    teacher.create_post({"title": "no product"})  # 400
    # A sibling client's smaller post: no content fields, no files.
    bare = teacher.create_post({"title": "짧은 글", "price": 0, "product_id": product})
    if bare.status_code == 200:
        need(student.post(bare.json()["post_id"]), 200, conformance)
    need(teacher.list_posts(product), 200, conformance)
    need(teacher.list_posts(product, limit="1"), 200, conformance)
    everyone = need(teacher.list_posts(None), 200, conformance).json()["data"]  # the demo lessons too
    for other in everyone[:3]:
        need(teacher.post(other["post_id"]), 200, conformance)
        need(teacher.profile_of(other["creator"]["user_id"]), 200, conformance)
    revalidate(need(student.post(post_id), 200, conformance))
    student.post(uuid.uuid4().hex[:24])  # 410: no such post
    need(teacher.edit_post(post_id, lesson_body(product, files=paths, title="중급 바이올린 레슨")), 200, conformance)
    student.edit_post(post_id, lesson_body(product, title="not mine"))  # 445
    need(teacher.user_posts(teacher.user_id, product), 200, conformance)
    need(teacher.hashtag("바이올린", product), 200, conformance)

    comment = need(student.comment(post_id, "레슨 시간 문의드려요"), 200, conformance).json()
    student.comment(post_id, None)  # 400: no content
    need(student.edit_comment(post_id, comment["comment_id"], "주말도 가능한가요?"), 200, conformance)
    need(student.post(post_id), 200, conformance)  # now with a comment

    need(student.like(post_id, True, "like"), 200, conformance)
    student.like(post_id, "yes", "like")  # 400: like_status is a Bool
    need(student.like(post_id, True, "like-2"), 200, conformance)
    need(student.liked("like"), 200, conformance)
    need(student.liked("like-2", next="", limit="10"), 200, conformance)

    need(student.follow(teacher.user_id), 200, conformance)
    student.follow(teacher.user_id)  # 409: already following
    need(student.profile_of(teacher.user_id), 200, conformance)
    need(teacher.call("GET", "/v1/users/me/profile"), 200, conformance)  # with a follower
    need(student.edit_profile({"nick": f"n{uuid.uuid4().hex[:8]}"}, image=jpeg()), 200, conformance)
    need(teacher.profile_of(student.user_id), 200, conformance)  # with a profile image

    window = need(student.sandbox_pay(post_id, post["price"]), 200, conformance).json()
    need(student.validate(window["imp_uid"], post_id), 200, conformance)
    student.validate(window["imp_uid"], post_id)  # 409: already validated
    need(student.call("GET", "/v1/payments/me"), 200, conformance)
    need(student.post(post_id), 200, conformance)  # now with a buyer

    expired = signed_access_token(sprout.data_dir, student.user_id, -60)
    student.call("GET", "/v1/users/me/profile", token=expired)  # 419
    api.refresh(student.token, student.refresh_token)  # 409: not expired yet
    need(api.refresh(expired, student.refresh_token), 200, conformance)

    need(student.like(post_id, False, "like-2"), 200, conformance)
    need(student.unfollow(teacher.user_id), 200, conformance)
    need(student.delete_comment(post_id, comment["comment_id"]), 200, conformance)
    need(teacher.delete_post(post_id), 200, conformance)
    student.post(post_id)  # 410: deleted

    leaver = new_member(api)  # joined without phoneNum or birthDay
    need(api.profile(leaver.token), 200, conformance)
    need(api.withdraw(leaver.token), 200, conformance)
    api.profile(leaver.token)  # 403: withdrawn
    finish(sprout, conformance)


# ---------------------------------------------------------------------------------------------
# Market: vendors, multipart registration, list, detail, edit, likes, deleting


def test_market_answers_match_the_document(sprout, conformance):
    market = MarketAPI(sprout.base_url)
    need(market.health(), 200, conformance)
    email, password, token = market.new_user()
    vendor_body = need(market.become_vendor(token, f"acorn{unique_tag()}"), 200, conformance).json()
    vendor = Vendor(vendor_body["vendor_id"], vendor_body["name"], vendor_body["identifier"], vendor_body["secret"],
                    token, email, password)
    market.become_vendor(token, vendor.name)  # 409 (or 400): already a vendor
    need(market.authed("GET", "/api/market/vendor", token), 200, conformance)
    _, _, stranger = market.new_user()
    market.authed("GET", "/api/market/vendor", stranger)  # 404: no vendor
    market.become_vendor(None, "nobody")  # 401
    market.authed("GET", "/api/market/vendor", "not-a-token")  # 401

    params = {**product_params(), "secret": vendor.secret}
    created = need(market.register(vendor.identifier, params, [tiny_png(), jpeg((16, 12))]), 200, conformance).json()
    product_id = created["id"]
    market.register(None, params, [tiny_png()])  # 400: no identifier
    market.register(vendor.identifier, {**params, "secret": "wrong"}, [tiny_png()])  # 400

    listed = need(market.list_page(1, 100), 200, conformance)  # the demo market too
    revalidate(listed)
    listed = listed.json()["pages"]
    for item in listed[:3]:
        need(market.detail(item["id"]), 200, conformance)
    need(market.list_page(1, 5, created["name"]), 200, conformance)
    market.list_page(0, 20)  # 400
    detail = need(market.detail(product_id), 200, conformance)
    revalidate(detail)
    detail = detail.json()
    market.detail(999_999_999)  # 404
    need(market.fetch(detail["thumbnail"]), 200, conformance)
    need(market.fetch(detail["images"][0]["url"]), 200, conformance)

    need(market.edit(vendor.identifier, product_id, {"name": "Edited stool", "stock": 3, "secret": vendor.secret}),
         200, conformance)
    market.edit(vendor.identifier, product_id, {"name": "Hacked", "secret": "wrong"})  # 400
    market.edit(vendor.identifier, 999_999_999, {"name": "Ghost", "secret": vendor.secret})  # 404

    need(market.authed("PUT", f"/api/market/likes/{product_id}", stranger), 200, conformance)
    need(market.authed("GET", f"/api/market/likes/{product_id}", stranger), 200, conformance)
    need(market.authed("GET", "/api/market/likes?page_no=1&items_per_page=20", stranger), 200, conformance)
    need(market.authed("DELETE", f"/api/market/likes/{product_id}", stranger), 200, conformance)
    market.authed("PUT", "/api/market/likes/999999999", stranger)  # 404
    market.authed("GET", "/api/market/likes?page_no=1&items_per_page=20", None)  # 401
    need(market.authed("GET", "/api/market/my-products?page_no=1&items_per_page=20", token), 200, conformance)

    # Deleting both ways: 2022b archived -> DELETE that path; 2022a secret -> DELETE /{id}/{secret}.
    path = need(market.archived(vendor.identifier, product_id, {"secret": vendor.secret}), 200, conformance).text
    need(market.delete(vendor.identifier, path), 200, conformance)
    market.delete(vendor.identifier, path)  # 404: gone
    second = need(market.register(vendor.identifier, {**product_params(), "secret": vendor.secret}, [tiny_png()]),
                  200, conformance).json()
    product_secret = need(market.product_secret(vendor.identifier, second["id"], {"secret": vendor.secret}),
                          200, conformance).text
    need(market.delete(vendor.identifier, f"/api/products/{second['id']}/{product_secret}"), 200, conformance)

    third = need(market.register(vendor.identifier, {**product_params(currency="USD", price=12.5, discounted_price=0.5),
                                                     "secret": vendor.secret}, [tiny_png()]), 200, conformance).json()
    path = need(market.archived(vendor.identifier, third["id"], {"secret": vendor.secret}), 200, conformance).text
    need(market.delete(vendor.identifier, "/api/products/" + path.rstrip("/").rsplit("/", 1)[1]), 200, conformance)
    need(market.authed("POST", "/api/market/vendor/secret", token), 200, conformance)
    finish(sprout, conformance)


# ---------------------------------------------------------------------------------------------
# Phone auth (the Firebase Auth emulator's REST routes) and SeSAC Study


def test_phone_auth_answers_match_the_document(sprout, conformance):
    base = sprout.base_url
    headers = {"Content-Type": "application/json", "X-Client-Version": "iOS/FirebaseSDK/10.18.0/FirebaseCore-iOS"}
    toolkit = f"{base}/identitytoolkit.googleapis.com/v1"

    def post(url: str, body: dict) -> requests.Response:
        return requests.post(url, data=json.dumps(body), headers=headers, timeout=15)

    revalidate(need(requests.get(f"{toolkit}/projects?key={API_KEY}", headers=headers, timeout=15), 200, conformance))
    need(requests.get(f"{toolkit}/recaptchaParams?key={API_KEY}", headers=headers, timeout=15), 200, conformance)
    need(post(f"{toolkit}/accounts:verifyClient?key={API_KEY}", {"appToken": "apns", "isSandbox": True}), 200, conformance)

    phone = unique_phone()
    session_info = need(post(f"{toolkit}/accounts:sendVerificationCode?key={API_KEY}", {"phoneNumber": phone}),
                        200, conformance).json()["sessionInfo"]
    post(f"{toolkit}/accounts:sendVerificationCode?key={API_KEY}", {})  # 400 MISSING_PHONE_NUMBER
    codes = need(requests.get(f"{base}/emulator/v1/projects/sesac-study-app/verificationCodes", timeout=15),
                 200, conformance).json()["verificationCodes"]
    code = next(entry["code"] for entry in codes if entry["sessionInfo"] == session_info)
    post(f"{toolkit}/accounts:signInWithPhoneNumber?key={API_KEY}",
         {"sessionInfo": session_info, "code": "000000" if code != "000000" else "111111"})  # 400 INVALID_CODE
    signed_in = need(post(f"{toolkit}/accounts:signInWithPhoneNumber?key={API_KEY}",
                          {"sessionInfo": session_info, "code": code}), 200, conformance).json()

    need(post(f"{toolkit}/accounts:lookup?key={API_KEY}", {"idToken": signed_in["idToken"]}), 200, conformance)
    post(f"{toolkit}/accounts:lookup?key={API_KEY}", {"idToken": "not.a.token"})  # 400
    secure = f"{base}/securetoken.googleapis.com/v1/token?key={API_KEY}"
    need(post(secure, {"grantType": "refresh_token", "refreshToken": signed_in["refreshToken"]}), 200, conformance)
    need(requests.post(secure, data={"grant_type": "refresh_token", "refresh_token": signed_in["refreshToken"]},
                       timeout=15), 200, conformance)
    post(secure, {"grantType": "refresh_token", "refreshToken": "nonsense"})  # 400
    finish(sprout, conformance)


def test_study_answers_match_the_document(sprout, conformance):
    base = sprout.base_url
    a, b, c = (StudyClient.signed_in(base, GLSME) for _ in range(3))  # phone sign-in, checked too
    a.get_user()  # 406: not signed up yet
    a.send("POST", "/v1/user", a.signup_form(nick="새싹", birth="not a date"))  # 501
    for index, person in enumerate((a, b, c)):
        need(person.sign_up(f"새싹{index}{random.randrange(1000)}"), 200, conformance)
    a.sign_up("새싹again")  # 201: already signed up
    a.get_user(token="garbage")  # 401
    revalidate(need(a.get_user(), 200, conformance))
    need(a.mypage(searchable=1, ageMin=18, ageMax=40, gender=0, study="swift"), 200, conformance)
    need(a.update_fcm_token("fcm-" + uuid.uuid4().hex), 200, conformance)
    need(a.send("GET", "/v1/user/shop/myinfo"), 200, conformance)
    a.send("POST", "/v1/user/shop/item", "sesac=2&background=0")  # 201: not bought
    mint = "com.memolease.sesac1.sprout2"
    receipt = base64.b64encode(json.dumps({"in_app": [{"product_id": mint, "transaction_id": f"tx-{uuid.uuid4().hex}"}]})
                               .encode()).decode()
    need(a.send("POST", "/v1/user/shop/ios", urllib.parse.urlencode({"receipt": receipt, "product": mint})), 200, conformance)
    need(a.send("POST", "/v1/user/shop/item", "sesac=2&background=0"), 200, conformance)
    need(a.send("GET", "/v1/user/shop/myinfo"), 200, conformance)
    a.refresh()  # getIDTokenForcingRefresh: securetoken's answer is checked by the hook
    need(a.get_user(), 200, conformance)

    lat, long = random.uniform(-60, 60), random.uniform(-170, 170)
    a.state()  # 201: normal
    need(a.enter_queue(lat, long, ["swift", "ios"]), 200, conformance)
    need(b.enter_queue(lat, long + 1e-4, ["swift"]), 200, conformance)
    revalidate(need(a.state(), 200, conformance))  # waiting
    need(a.search(lat, long), 200, conformance)
    need(b.study_request(a.uid), 200, conformance)
    need(a.search(lat, long), 200, conformance)  # b in fromQueueDBRequested: b asked a
    need(a.study_accept(b.uid), 200, conformance)
    need(a.state(), 200, conformance)  # matched
    need(a.send("POST", f"/v1/chat/{b.uid}", "chat=" + urllib.parse.quote("안녕하세요", safe="")), 200, conformance)
    need(b.send("GET", f"/v1/chat/{a.uid}?lastchatDate=" + urllib.parse.quote("2000-01-01T00:00:00.000Z", safe="")),
         200, conformance)
    a.dodge("not-my-partner")  # 201
    need(a.rate(b.uid, [1, 0, 1, 0, 0, 1], "시간 약속을 잘 지켜요"), 200, conformance)
    need(b.state(), 200, conformance)  # matched, reviewed
    need(b.dodge(a.uid), 200, conformance)  # the partner ends the study
    need(b.get_user(), 200, conformance)  # with a review
    need(b.report(a.uid, comment="no show"), 200, conformance)

    need(c.enter_queue(lat + 1, long, ["anything"]), 200, conformance)
    need(c.stop_queue(), 200, conformance)
    c.stop_queue()  # 201: not waiting
    need(c.withdraw(), 200, conformance)
    c.get_user()  # 406: withdrawn
    finish(sprout, conformance)


# ---------------------------------------------------------------------------------------------
# Reading: library, memos, the server-held timer, stats, goals, catalogue


def test_reading_answers_match_the_document(sprout, conformance):
    base = sprout.base_url
    tag = unique_tag()
    joined = need(requests.post(f"{base}/api/auth/join", json={
        "email": f"reader-{tag}@example.com", "password": f"pw-{tag}-long", "name": f"reader{tag}"}, timeout=30),
        200, conformance).json()
    auth = {"Authorization": f"Bearer {joined['accessToken']}"}

    def call(method: str, path: str, **kwargs) -> requests.Response:
        return requests.request(method, f"{base}/api/reading{path}", headers={**auth, **kwargs.pop("headers", {})},
                                timeout=30, **kwargs)

    requests.get(f"{base}/api/reading/library", timeout=15)  # 401
    revalidate(need(call("GET", "/catalog/search", params={"q": "한강"}), 200, conformance))
    need(call("GET", "/catalog/isbn/9788936434120"), 200, conformance)
    need(call("GET", "/catalog/lists/bestseller", params={"size": "3"}), 200, conformance)
    call("GET", "/catalog/isbn/123")  # 400
    call("GET", "/catalog/lists/no-such-list")  # 404
    need(call("GET", "/catalog/lists/new", params={"page": "2", "size": "5"}), 200, conformance)
    call("GET", "/catalog/isbn/9791111111112")  # 404: a valid ISBN-13 that is not in the catalogue
    call("GET", "/catalog/search")  # 400: no q

    book = need(call("POST", "/library", json={"isbn13": "9788936434120", "title": "소년이 온다", "author": "한강",
                                               "publisher": "창비", "pages": 216, "status": "to-read"}),
                201, conformance).json()
    call("POST", "/library", json={"isbn13": "9788936434120", "title": "Human Acts"})  # 409
    call("POST", "/library", json={"title": "x", "rating": 6})  # 422 (or 400)
    handmade = need(call("POST", "/library", json={"title": "손으로 적은 책", "author": "나"}), 201, conformance).json()
    revalidate(need(call("GET", "/library"), 200, conformance))
    need(call("GET", "/library", params={"status": "to-read", "q": "소년", "sort": "title", "order": "asc"}), 200, conformance)
    call("GET", "/library", params={"status": "burned"})  # 400
    need(call("GET", f"/library/{book['id']}"), 200, conformance)
    call("GET", f"/library/{uuid.uuid4()}")  # 404
    need(call("PATCH", f"/library/{book['id']}", json={"rating": 4}), 200, conformance)

    memo = need(call("POST", f"/library/{book['id']}/memos", json={"text": "첫 메모", "page": 3}), 201, conformance).json()
    call("POST", f"/library/{book['id']}/memos", json={"text": "x", "page": 9999})  # 422
    need(call("POST", f"/library/{book['id']}/memos", json={"text": "쪽수 없는 메모"}), 201, conformance)
    need(call("GET", f"/library/{book['id']}/memos"), 200, conformance)
    memo_path = f"/library/{book['id']}/memos/{memo['id']}"
    need(call("GET", memo_path), 200, conformance)
    need(call("PATCH", memo_path, json={"text": "고친 메모", "page": None}), 200, conformance)
    need(call("PUT", memo_path + "/photo", files={"photo": ("page.jpg", jpeg((24, 16)), "image/jpeg")}), 200, conformance)
    need(call("GET", memo_path), 200, conformance)  # with a photo
    need(call("DELETE", memo_path + "/photo"), 200, conformance)
    need(call("DELETE", memo_path), 200, conformance)
    call("GET", memo_path)  # 404: deleted

    need(call("GET", "/timer"), 200, conformance)  # idle
    call("POST", "/timer/pause")  # 409: nothing running
    need(call("POST", "/timer/start", json={"book_id": book["id"]}), 200, conformance)
    call("POST", "/timer/start", json={"book_id": book["id"]})  # 409
    need(call("POST", "/timer/pause"), 200, conformance)
    need(call("GET", "/timer"), 200, conformance)  # paused
    need(call("POST", "/timer/resume"), 200, conformance)
    time.sleep(1.1)
    need(call("POST", "/timer/stop"), 200, conformance)
    need(call("POST", "/timer/start", json={"book_id": handmade["id"]}), 200, conformance)
    need(call("POST", "/timer/reset"), 200, conformance)

    today = date.today()
    revalidate(need(call("GET", "/stats"), 200, conformance))
    need(call("GET", "/stats", params={"year": str(today.year), "month": str(today.month)}), 200, conformance)
    call("GET", "/stats", params={"month": "13"})  # 400
    need(call("GET", "/goals"), 200, conformance)
    need(call("PUT", "/goals", json={"yearly_books": 24, "daily_minutes": 30}), 200, conformance)
    call("PUT", "/goals", json={"yearly_books": 10**6, "daily_minutes": 30})  # 422

    need(call("PATCH", f"/library/{book['id']}", json={"status": "read"}), 200, conformance)
    need(call("POST", f"/library/{book['id']}/progress", json={"page": 100}), 201, conformance)
    call("POST", f"/library/{book['id']}/progress", json={"page": 9999})  # 422
    need(call("GET", f"/library/{book['id']}/progress"), 200, conformance)
    need(call("PUT", f"/library/{book['id']}/dates", json={"started_on": "2020-01-01", "finished_on": "2020-02-01"}), 200, conformance)
    call("PUT", f"/library/{book['id']}/dates", json={"started_on": "2020-02-30"})  # 422
    need(call("GET", f"/library/{book['id']}/reads"), 200, conformance)
    need(call("POST", f"/library/{book['id']}/reread"), 200, conformance)
    call("POST", f"/library/{book['id']}/reread")  # 409: reading again already
    need(call("GET", "/export/goodreads.csv"), 200, conformance)
    csv_text = ("Title,Author,ISBN13,My Rating,Number of Pages,Exclusive Shelf\r\n"
                "아몬드,손원평,\"=\"\"9788936434595\"\"\",0,264,to-read\r\n")
    need(call("POST", "/import/goodreads", data=csv_text.encode(), headers={"Content-Type": "text/csv"}), 200, conformance)
    need(call("DELETE", f"/library/{handmade['id']}"), 200, conformance)
    need(call("POST", "/erase"), 200, conformance)
    finish(sprout, conformance)
