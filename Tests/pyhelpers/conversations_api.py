"""A client of Sprout's own conversations, notifications and events API (`/api/conversations`,
`/api/blocks`, `/api/unread`, `/api/notifications`, `/api/events`), with checks that hold every
answer to the documented shapes and a small Server-Sent Events reader.

People are Sprout accounts made with `/api/auth/join`; a person becomes a market vendor (to own
products others talk about) through `POST /api/market/vendor`.
"""
from __future__ import annotations

import json
import re
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime

import requests

from pyhelpers.lessons_api import describe
from pyhelpers.market_api import MarketAPI, Vendor, expect_status

PASSWORD = "correct-horse-42"

CONVERSATION_KEYS = {"id", "web_id", "other", "about", "last_message", "unread_count", "blocked", "updated_at"}
PERSON_KEYS = {"id", "name", "picture"}
ABOUT_KEYS = {"app", "id", "title", "photo", "price", "state", "path"}
MESSAGE_KEYS = {"id", "conversation_id", "sender_id", "text", "photo", "files", "sent_at"}
NOTIFICATION_KEYS = {"id", "app", "kind", "text", "link", "read", "created_at"}
RECEIPT_KEYS = {"conversation_id", "reader_id", "read_up_to"}
NOTIFICATION_KINDS = {"message", "product_liked", "trade_review", "trade_news", "review_request", "price_offer",
                      "lesson_bought", "lesson_review",
                      "lesson_booking", "lesson_reminder", "lesson_refund",
                      "study_request", "study_match", "study_chat",
                      "keyword_alert", "appointment", "appointment_reminder", "moderation"}
HANGUL = re.compile(r"[\uac00-\ud7a3]")
# A conversation's web page is /inbox/{web_id}: 16 random URL-safe characters, never its id (a
# lessons chat room's id is the only key of its Socket.IO namespace, so it is in no URL).
WEB_ID = re.compile(r"[A-Za-z0-9_-]{16}")


def unique_tag() -> str:
    return uuid.uuid4().hex[:10]


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_keys(value, expected: set[str], what: str) -> None:
    """Exactly the documented keys: a null is sent as null, not left out."""
    assert isinstance(value, dict), f"{what} is not an object: {value!r}"
    missing, extra = expected - set(value), set(value) - expected
    assert not missing and not extra, f"{what} lacks {sorted(missing)}, has extra {sorted(extra)}: {value!r}"


def check_iso(value) -> datetime:
    assert isinstance(value, str), f"date {value!r}"
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


# --- Shapes ----------------------------------------------------------------------------------


def check_person(person) -> dict:
    check_keys(person, PERSON_KEYS, "other")
    assert isinstance(person["id"], str) and person["id"], person
    assert isinstance(person["name"], str), person
    assert person["picture"] is None or isinstance(person["picture"], str), person
    return person


def check_message(message) -> dict:
    check_keys(message, MESSAGE_KEYS, "message")
    assert _is_int(message["id"]), message
    for key in ("conversation_id", "sender_id", "text"):
        assert isinstance(message[key], str), f"{key} in {message!r}"
    photo, files = message["photo"], message["files"]
    assert photo is None or (isinstance(photo, str) and photo.startswith("uploads/")), f"photo {photo!r}"
    assert isinstance(files, list) and all(isinstance(path, str) and path.startswith("uploads/") for path in files), f"files {files!r}"
    assert photo == (files[0] if files else None), "photo is the first of files"
    check_iso(message["sent_at"])
    return message


def check_about(about) -> dict | None:
    if about is None:
        return None
    check_keys(about, ABOUT_KEYS, "about")
    for key in ("app", "id", "title", "path"):
        assert isinstance(about[key], str), f"{key} in {about!r}"
    assert about["photo"] is None or isinstance(about["photo"], str), about
    assert about["price"] is None or _is_int(about["price"]), about
    assert about["state"] in (None, "reserved", "sold"), about
    return about


def check_conversation(conversation) -> dict:
    check_keys(conversation, CONVERSATION_KEYS, "conversation")
    assert isinstance(conversation["id"], str) and len(conversation["id"]) >= 20, conversation["id"]
    web_id = conversation["web_id"]
    assert isinstance(web_id, str) and WEB_ID.fullmatch(web_id), f"web_id {web_id!r}"
    assert conversation["id"] not in web_id and web_id not in conversation["id"], conversation
    check_person(conversation["other"])
    check_about(conversation["about"])
    if conversation["last_message"] is not None:
        check_message(conversation["last_message"])
        assert conversation["last_message"]["conversation_id"] == conversation["id"]
    assert _is_int(conversation["unread_count"]) and conversation["unread_count"] >= 0, conversation
    assert isinstance(conversation["blocked"], bool), conversation
    check_iso(conversation["updated_at"])
    return conversation


def check_notification(item) -> dict:
    check_keys(item, NOTIFICATION_KEYS, "notification")
    assert _is_int(item["id"]), item
    assert item["kind"] in NOTIFICATION_KINDS, item
    for key in ("app", "text", "link"):
        assert isinstance(item[key], str) and item[key], f"{key} in {item!r}"
    assert isinstance(item["read"], bool), item
    check_iso(item["created_at"])
    return item


def check_cursor(body: dict) -> int | None:
    assert "next_before" in body, f"a page without next_before (null at the end, not left out): {str(body)[:300]}"
    cursor = body["next_before"]
    assert cursor is None or _is_int(cursor), f"next_before {cursor!r}"
    return cursor


# --- People ----------------------------------------------------------------------------------


@dataclass
class Person:
    id: str
    name: str
    email: str
    token: str
    vendor: Vendor | None = None
    products: list[dict] = field(default_factory=list)

    @property
    def auth(self) -> dict:
        return {"Authorization": f"Bearer {self.token}"}


# Marks "send this person's own bearer token", so that calls can also send none or a forged one.
OWN = object()


class ConversationsAPI:
    def __init__(self, base_url: str):
        self.base_url = base_url
        self.market = MarketAPI(base_url)
        self.http = requests.Session()

    # Accounts and things to talk about

    def join(self, name: str | None = None) -> Person:
        tag = unique_tag()
        name = name or f"conv{tag}"
        email = f"conv-{tag}@example.com"
        response = self.market.join(email, PASSWORD, name)
        expect_status(response, 200)
        body = response.json()
        return Person(body["user_id"], body["name"], email, body["accessToken"])

    def log_in(self, email: str, password: str) -> Person:
        response = self.market.login(email, password)
        expect_status(response, 200)
        body = response.json()
        return Person(body["user_id"], body["name"], email, body["accessToken"])

    def seller(self, name: str | None = None) -> Person:
        """A fresh account that is a market vendor."""
        person = self.join(name)
        response = self.market.become_vendor(person.token, f"shop{unique_tag()}")
        expect_status(response, 200)
        body = response.json()
        person.vendor = Vendor(body["vendor_id"], body["name"], body["identifier"], body["secret"],
                               person.token, person.email, PASSWORD)
        return person

    def product(self, seller: Person, **overrides) -> dict:
        """A product of `seller`, priced without a discount so that its price is unambiguous."""
        assert seller.vendor is not None, "only a vendor lists products"
        product = self.market.create_product(seller.vendor, **{"price": 45000.0, "discounted_price": 0.0,
                                                               **overrides})
        seller.products.append(product)
        return product

    # Raw calls

    def call(self, who, method: str, path: str, headers: dict | None = None, **kwargs) -> requests.Response:
        """`who` is a Person (their token), a str (sent as the whole Authorization value) or None."""
        headers = dict(headers or {})
        if isinstance(who, Person):
            headers.update(who.auth)
        elif isinstance(who, str):
            headers["Authorization"] = who
        kwargs.setdefault("timeout", 30)
        return self.http.request(method, self.base_url + path, headers=headers, **kwargs)

    # Conversations

    def open(self, who, about_id, text: str = "Is this still available?", app: str = "market",
             **kwargs) -> requests.Response:
        return self.call(who, "POST", "/api/conversations",
                         json={"about": {"app": app, "id": str(about_id)}, "text": text}, **kwargs)

    def opened(self, who, about_id, text: str = "Is this still available?", app: str = "market",
               status: int | None = None) -> dict:
        response = self.open(who, about_id, text, app)
        if status is None:
            assert response.status_code in (200, 201), describe(response)
        else:
            expect_status(response, status)
        return check_conversation(response.json())

    def conversation(self, who, conversation_id: str) -> requests.Response:
        return self.call(who, "GET", f"/api/conversations/{conversation_id}")

    def fetch(self, who, conversation_id: str) -> dict:
        response = self.conversation(who, conversation_id)
        expect_status(response, 200)
        return check_conversation(response.json())

    def inbox(self, who, query: str = "") -> requests.Response:
        return self.call(who, "GET", "/api/conversations" + (f"?{query}" if query else ""))

    def inbox_all(self, who, limit: int = 50) -> list[dict]:
        """Every conversation of `who`, paged to the end."""
        conversations, query = [], f"limit={limit}"
        for _ in range(100):
            response = self.inbox(who, query)
            expect_status(response, 200)
            body = response.json()
            check_keys(body, {"conversations", "next_before"}, "inbox page")
            conversations += [check_conversation(c) for c in body["conversations"]]
            cursor = check_cursor(body)
            if cursor is None:
                return conversations
            query = f"limit={limit}&before={cursor}"
        raise AssertionError("the inbox never ended")

    def inbox_ids(self, who, limit: int = 50) -> list[str]:
        return [c["id"] for c in self.inbox_all(who, limit)]

    def messages(self, who, conversation_id: str, query: str = "") -> requests.Response:
        return self.call(who, "GET", f"/api/conversations/{conversation_id}/messages" + (f"?{query}" if query else ""))

    def message_pages(self, who, conversation_id: str, limit: int | None = None) -> list[list[dict]]:
        """Every page of the message list, following next_before until it is null."""
        pages, before = [], None
        for _ in range(1000):
            query = "&".join(part for part in (f"limit={limit}" if limit else "",
                                               f"before={before}" if before is not None else "") if part)
            response = self.messages(who, conversation_id, query)
            expect_status(response, 200)
            body = response.json()
            check_keys(body, {"messages", "next_before"}, "message page")
            pages.append([check_message(m) for m in body["messages"]])
            before = check_cursor(body)
            if before is None:
                return pages
        raise AssertionError("the message list never ended")

    def all_messages(self, who, conversation_id: str, limit: int = 50) -> list[dict]:
        return [m for page in self.message_pages(who, conversation_id, limit) for m in page]

    def send(self, who, conversation_id: str, text="Still there?", **kwargs) -> requests.Response:
        return self.call(who, "POST", f"/api/conversations/{conversation_id}/messages", json={"text": text}, **kwargs)

    def sent(self, who, conversation_id: str, text: str = "Still there?") -> dict:
        response = self.send(who, conversation_id, text)
        expect_status(response, 201)
        return check_message(response.json())

    def send_photo(self, who, conversation_id: str, data: bytes, *, filename: str = "photo.jpg",
                   content_type: str = "image/jpeg", text: str | None = None) -> requests.Response:
        fields = {"text": (None, text)} if text is not None else {}
        return self.call(who, "POST", f"/api/conversations/{conversation_id}/messages",
                         files={**fields, "photo": (filename, data, content_type)})

    def read(self, who, conversation_id: str) -> requests.Response:
        return self.call(who, "POST", f"/api/conversations/{conversation_id}/read")

    def report(self, who, conversation_id: str, body) -> requests.Response:
        return self.call(who, "POST", f"/api/conversations/{conversation_id}/report", json=body)

    # Blocks and badges

    def block(self, who, account) -> requests.Response:
        return self.call(who, "POST", "/api/blocks", json={"account": account})

    def unblock(self, who, account: str) -> requests.Response:
        return self.call(who, "DELETE", f"/api/blocks/{account}")

    def unread(self, who) -> dict:
        response = self.call(who, "GET", "/api/unread")
        expect_status(response, 200)
        body = response.json()
        assert set(body) == {"messages", "notifications"}, describe(response)
        assert _is_int(body["messages"]) and _is_int(body["notifications"]), describe(response)
        return body

    # Notifications

    def notifications_page(self, who, query: str = "", language: str | None = None) -> requests.Response:
        headers = {"Accept-Language": language} if language else {}
        return self.call(who, "GET", "/api/notifications" + (f"?{query}" if query else ""), headers=headers)

    def notifications(self, who, language: str | None = None) -> list[dict]:
        """Every notification of `who`, newest first, paged to the end."""
        items, query = [], "limit=50"
        for _ in range(100):
            response = self.notifications_page(who, query, language)
            expect_status(response, 200)
            body = response.json()
            check_keys(body, {"notifications", "next_before"}, "notification page")
            items += [check_notification(item) for item in body["notifications"]]
            cursor = check_cursor(body)
            if cursor is None:
                return items
            query = f"limit=50&before={cursor}"
        raise AssertionError("the notifications never ended")

    def read_notifications(self, who, body) -> requests.Response:
        return self.call(who, "POST", "/api/notifications/read", json=body)

    def settings(self, who) -> requests.Response:
        return self.call(who, "GET", "/api/notifications/settings")

    def set_setting(self, who, body) -> requests.Response:
        return self.call(who, "PUT", "/api/notifications/settings", json=body)

    # Events

    def events(self, who, last_event_id=None, *, cookies=None, read_timeout: float = 5) -> "EventStream":
        headers = {"Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        if isinstance(who, Person):
            headers.update(who.auth)
        elif isinstance(who, str):
            headers["Authorization"] = who
        response = requests.get(self.base_url + "/api/events", headers=headers, cookies=cookies,
                                stream=True, timeout=(3, read_timeout))
        return EventStream(response)


# --- Server-Sent Events ----------------------------------------------------------------------


@dataclass
class Event:
    id: int
    event: str
    data: dict


class EventStream:
    """Reads `text/event-stream` as it arrives (whatever the chunking) and hands out whole events.
    Comments (`: keep-alive`) and events without data are skipped; `retry` remembers the last
    `retry:` value seen."""

    def __init__(self, response: requests.Response):
        self.response = response
        self.retry: int | None = None
        self.first_line: str | None = None
        self._buffer = b""
        self._fields: dict[str, list[str]] = {}

    def __enter__(self) -> "EventStream":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self.response.close()

    @property
    def status_code(self) -> int:
        return self.response.status_code

    def _line(self, deadline: float) -> str:
        while b"\n" not in self._buffer:
            if time.monotonic() > deadline:
                raise AssertionError("no event arrived in time")
            try:
                chunk = self.response.raw.read1(65536)
            except Exception as error:  # a read timeout or a closed stream ends the wait
                raise AssertionError(f"the event stream stalled or broke: {error!r}") from error
            if not chunk:
                raise AssertionError("the event stream ended")
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line.rstrip(b"\r").decode("utf-8")

    def next_event(self, within: float = 5) -> Event:
        deadline = time.monotonic() + within
        while True:
            line = self._line(deadline)
            if line == "":
                fields, self._fields = self._fields, {}
                if "data" in fields:
                    data = "\n".join(fields["data"])
                    event_id = fields.get("id", [None])[-1]
                    assert event_id is not None and event_id.isdigit(), f"an event without an integer id: {fields!r}"
                    return Event(int(event_id),
                                 fields.get("event", ["message"])[-1], json.loads(data))
                continue
            if self.first_line is None:
                self.first_line = line
            if line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if name == "retry":
                self.retry = int(value)
            else:
                self._fields.setdefault(name, []).append(value)

    def wait_ready(self, within: float = 5) -> "EventStream":
        """Reads the stream's opening `retry:` line, so that the server is known to be streaming to
        this client before a test makes something happen."""
        assert self.response.status_code == 200, describe(self.response)
        deadline = time.monotonic() + within
        while self.retry is None:
            line = self._line(deadline)
            if self.first_line is None and line:
                self.first_line = line
            if line.startswith("retry:"):
                self.retry = int(line.partition(":")[2].strip())
        assert self.first_line.startswith("retry:"), f"the stream began with {self.first_line!r}"
        return self

    def until(self, found, within: float = 5) -> list[Event]:
        """Events up to and including the first one `found` accepts."""
        deadline = time.monotonic() + within
        events = []
        while True:
            events.append(self.next_event(max(0.0, deadline - time.monotonic())))
            if found(events[-1]):
                return events

    def until_message(self, message_id: int, within: float = 5) -> list[Event]:
        return self.until(lambda e: e.event == "message" and e.data["message"]["id"] == message_id, within)
