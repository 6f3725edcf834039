"""The 2024 LSLP server's 1:1 chat rooms (spec §2.6a), spoken as a published client of that
generation does: `SesacKey` and a raw `Authorization` on every call, JSON bodies, `cursor_date`
paging (exclusive, empty for everything, oldest first), photos uploaded first, and a Socket.IO
socket on the room's namespace `/chats-{room_id}` with no credential. Rooms are conversations:
the web inbox and the badge see them too."""
from __future__ import annotations

import queue
import re
import threading
import time

import pytest
import requests
import socketio

from pyhelpers.lessons_api import LessonsAPI, expect_error, expect_status
from pyhelpers.lessons_posts import jpeg, new_member, photo_parts, png
from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server

ROOM_KEYS = {"room_id", "createdAt", "updatedAt", "participants"}
CHAT_KEYS = {"chat_id", "room_id", "content", "createdAt", "sender", "files"}
TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")


@pytest.fixture(scope="module")
def rooms_server(tmp_path_factory):
    started = start_server(tmp_path_factory.mktemp("lessons-rooms"), {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false"})
    yield started
    started.stop()


@pytest.fixture(scope="module")
def api(rooms_server) -> LessonsAPI:
    return LessonsAPI(rooms_server.base_url, rooms_server.dev_key())


@pytest.fixture(scope="module")
def trio(api):
    """Two people who talk and a third who holds their room's id."""
    return new_member(api), new_member(api), new_member(api)


def check_chat(chat: dict, room: str, sender) -> dict:
    assert set(chat) == CHAT_KEYS, chat
    assert chat["room_id"] == room and chat["sender"]["user_id"] == sender.user_id and chat["sender"]["nick"] == sender.nick
    assert TIMESTAMP.match(chat["createdAt"]), chat["createdAt"]
    return chat


def open_room(me, other) -> dict:
    response = me.call("POST", "/v1/chats", json={"opponent_id": other.user_id})
    expect_status(response, 200)
    room = response.json()
    assert ROOM_KEYS <= set(room) <= ROOM_KEYS | {"lastChat"}, room
    assert {person["user_id"] for person in room["participants"]} == {me.user_id, other.user_id}
    return room


def send(me, room: str, **body) -> dict:
    response = me.call("POST", f"/v1/chats/{room}", json=body)
    expect_status(response, 200)
    return check_chat(response.json(), room, me)


def history(me, room: str, cursor: str | None = "") -> list[dict]:
    query = "" if cursor is None else f"?cursor_date={requests.utils.quote(cursor)}"
    response = me.call("GET", f"/v1/chats/{room}{query}")
    expect_status(response, 200)
    return response.json()["data"]


def test_a_room_is_made_once_and_its_chats_come_oldest_first_after_the_cursor(trio):
    a, b, _ = trio
    room = open_room(a, b)
    assert "lastChat" not in room or room["lastChat"] is None
    assert open_room(b, a)["room_id"] == room["room_id"], "the same room, whoever opens it"
    assert re.fullmatch(r"[0-9a-f]{24}", room["room_id"]), "unguessable: 96 random bits"
    first = send(a, room["room_id"], content="안녕하세요")
    second = send(b, room["room_id"], content="반가워요")
    third = send(a, room["room_id"], content="내일 봬요")
    everything = history(b, room["room_id"])
    assert [chat["content"] for chat in everything] == ["안녕하세요", "반가워요", "내일 봬요"]
    assert history(b, room["room_id"], cursor=None) == everything
    assert [chat["chat_id"] for chat in history(b, room["room_id"], first["createdAt"])] == [second["chat_id"], third["chat_id"]], \
        "strictly newer than cursor_date"
    assert history(a, room["room_id"], third["createdAt"]) == []
    rooms = a.call("GET", "/v1/chats").json()["data"]
    mine = [r for r in rooms if r["room_id"] == room["room_id"]]
    assert mine and mine[0]["lastChat"]["chat_id"] == third["chat_id"]


def test_the_room_list_is_mine_most_recent_first(api, trio):
    a, b, _ = trio
    c = new_member(api)
    older = open_room(a, b)["room_id"]
    newer = open_room(a, c)["room_id"]
    send(a, newer, content="first here")
    send(a, older, content="now this one")
    listed = [room["room_id"] for room in a.call("GET", "/v1/chats").json()["data"]]
    assert listed.index(older) < listed.index(newer)
    assert newer not in [room["room_id"] for room in b.call("GET", "/v1/chats").json()["data"]], "never listed to others"


def test_photos_are_uploaded_then_sent(trio):
    a, b, _ = trio
    room = open_room(a, b)["room_id"]
    uploaded = a.call("POST", f"/v1/chats/{room}/files", files=photo_parts([jpeg(), png()]))
    expect_status(uploaded, 200)
    files = uploaded.json()["files"]
    assert len(files) == 2 and all(path.startswith("uploads/") for path in files)
    chat = send(a, room, files=files)
    assert chat["files"] == files and chat["content"] == ""
    image = requests.get(f"{a.api.base_url}/{files[0]}", timeout=15)
    assert image.status_code == 200 and image.headers["content-type"].startswith("image/")
    expect_error(a.call("POST", f"/v1/chats/{room}/files", files=photo_parts([jpeg()] * 6)), 400)
    expect_error(a.call("POST", f"/v1/chats/{room}/files", files=[("files", ("notes.txt", b"plain words", "image/jpg"))]), 400)


def test_a_third_account_is_refused_everywhere_and_nothing_is_stored(api, trio):
    a, _, stranger = trio
    b = new_member(api)
    room = open_room(a, b)["room_id"]
    send(a, room, content="just us")
    expect_error(stranger.call("GET", f"/v1/chats/{room}"), 403)
    expect_error(stranger.call("POST", f"/v1/chats/{room}", json={"content": "let me in"}), 403)
    expect_error(stranger.call("POST", f"/v1/chats/{room}/files", files=photo_parts([jpeg()])), 403)
    expect_error(stranger.call("GET", "/v1/chats/ffffffffffffffffffffffff"), 403)
    assert [chat["content"] for chat in history(b, room)] == ["just us"]
    assert room not in [r["room_id"] for r in stranger.call("GET", "/v1/chats").json()["data"]]


@pytest.mark.parametrize("body, status", [
    ({}, 400), ({"opponent_id": ""}, 400), ({"opponent_id": "nobody-at-all"}, 410), ({"opponent_id": "x" * 5000}, 410),
], ids=["missing", "empty", "unknown", "huge"])
def test_opening_a_room_with_nobody_is_refused(trio, body, status):
    a, _, _ = trio
    expect_error(a.call("POST", "/v1/chats", json=body), status)


def test_hostile_chats_are_refused_with_the_contracts_codes(trio):
    a, b, _ = trio
    expect_error(a.call("POST", "/v1/chats", json={"opponent_id": a.user_id}), 400)
    room = open_room(a, b)["room_id"]
    before = history(a, room)
    for body in [{}, {"content": ""}, {"content": "   "}, {"content": "x" * 1001}, {"content": "nul\u0000"},
                 {"files": ["uploads/lessons/someone-elses.jpg"]}, {"files": ["../../etc/passwd"]}, {"content": 5}]:
        response = a.call("POST", f"/v1/chats/{room}", json=body)
        assert response.status_code == 400, (body, response.status_code, response.text[:200])
    expect_error(a.call("GET", f"/v1/chats/{room}?cursor_date=yesterday"), 400)
    assert history(a, room) == before, "nothing refused was stored"
    expect_error(a.call("GET", f"/v1/chats/{room}", token=None), 401)
    expect_error(a.call("GET", f"/v1/chats/{room}", key=None), 420)


class RoomSocket:
    """A socket as such a client opens it: the room's namespace, no credential; or, as Sprout's
    own clients do, proving who it is with an access token (`token`)."""

    def __init__(self, base: str, room: str, token: str | None = None):
        self.chats: queue.Queue = queue.Queue()
        self.client = socketio.Client(reconnection=False)
        self.client.on("chat", self.chats.put, namespace=f"/chats-{room}")
        self.client.connect(base, namespaces=[f"/chats-{room}"], transports=["websocket"], wait_timeout=10,
                            auth={"token": token} if token else None)

    def next_chat(self, timeout=5.0) -> dict:
        return self.chats.get(timeout=timeout)

    def close(self):
        self.client.disconnect()


def test_a_socket_on_the_room_namespace_receives_the_other_sides_chats(rooms_server, trio):
    a, b, _ = trio
    room = open_room(a, b)["room_id"]
    other_room = open_room(a, new_member(a.api))["room_id"]
    listener = RoomSocket(rooms_server.base_url, room)
    elsewhere = RoomSocket(rooms_server.base_url, other_room)
    try:
        sent = send(b, room, content="소켓으로 받아요")
        received = listener.next_chat()
        assert received == sent, "the socket carries the chat as the API answered it"
        with pytest.raises(queue.Empty):
            elsewhere.chats.get(timeout=0.5)
    finally:
        listener.close()
        elsewhere.close()


def test_a_socket_that_proves_who_it_is_joins_only_its_own_rooms(rooms_server, trio):
    """The third person holds the room's id and proves who they are: refused. A member proving
    it is let in and hears the room."""
    a, b, stranger = trio
    room = open_room(a, b)["room_id"]
    with pytest.raises(socketio.exceptions.ConnectionError):
        RoomSocket(rooms_server.base_url, room, token=stranger.token)
    member = RoomSocket(rooms_server.base_url, room, token=b.token)
    try:
        sent = send(a, room, content="회원만 들어와요")
        assert member.next_chat() == sent
    finally:
        member.close()


def test_a_namespace_for_no_room_is_refused(rooms_server):
    with pytest.raises(socketio.exceptions.ConnectionError):
        RoomSocket(rooms_server.base_url, "ffffffffffffffffffffffff")


def urls_in(page) -> list[str]:
    """Every URL a parsed page holds: links, form actions, sources."""
    return [element[name] for name in ("href", "action", "src", "formaction")
            for element in page.select(f"[{name}]")]


def test_a_room_is_a_conversation_in_the_web_inbox_with_its_badge(api, trio, rooms_server):
    from pyhelpers.web_forms import WebVisitor, parse
    a, b, _ = trio
    room = open_room(a, b)["room_id"]
    text = f"웹에서도 보여요 {time.monotonic_ns()}"
    send(a, room, content=text)
    visitor = WebVisitor(rooms_server.base_url)
    expect_status(visitor.log_in(b.account.email, b.account.password), 303)
    inbox = visitor.get("/inbox")
    expect_status(inbox, 200)
    assert text in inbox.text
    # The room's id is the only key of its namespace, so no URL names it: the inbox leads to the
    # room's page by the conversation's web id.
    page = parse(inbox)
    assert not [url for url in urls_in(page) if room in url], "the room id is in a URL of the inbox"
    rows = [row for row in page.select("#conversation-list a[href]") if text in row.get_text()]
    assert len(rows) == 1, f"one inbox row shows the room's last chat: {rows}"
    link = rows[0]["href"]
    assert re.fullmatch(r"/inbox/[A-Za-z0-9_-]{16}", link), link
    unread = visitor.get("/inbox/unread").json()
    assert unread["messages"] >= 1 and unread["notifications"] >= 1
    notifications = visitor.get("/notifications")
    expect_status(notifications, 200)
    assert link in urls_in(parse(notifications)), "the chat's notification leads to the room's page"
    assert not [url for url in urls_in(parse(notifications)) if room in url], "the room id is in a notification's link"
    conversation = visitor.get(link)
    expect_status(conversation, 200)
    assert text in conversation.text
    assert not [url for url in urls_in(parse(conversation)) if room in url], "the room id is in a URL of its page"
    assert visitor.get(f"/inbox/{room}").status_code == 404, "a room's page is not found by its id"
