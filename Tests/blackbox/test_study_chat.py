"""SeSAC Study chat as the published clients use it (spec §4): REST to send and to read history,
and the Socket.IO `chat` event, through the python-socketio client: over a websocket from the start
as the apps force it, and long-polling with and without the upgrade as other clients connect. Two
people are matched over REST first."""
from __future__ import annotations

import concurrent.futures
import json
import os
import queue
import random
import time
import urllib.parse
import uuid

import pytest
import requests
import socketio

from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server
from pyhelpers.scratch_postgres import create_database, drop_database
from pyhelpers.study_api import GLSME, StudyClient

EVERYTHING = "2000-01-01T00:00:00.000Z"
DATABASE_URL = os.environ.get("TEST_DATABASE_URL")


@pytest.fixture(scope="module")
def chat_server(tmp_path_factory):
    server = start_server(tmp_path_factory.mktemp("study-chat"), {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false",
                                                                   "SPROUT_SOCKET_PING_INTERVAL": "300"})
    yield server
    server.stop()


@pytest.fixture(scope="module")
def quiet_chat_server(tmp_path_factory):
    """A server whose pings are far apart, so that a waiting poll stays waiting however slow the machine is."""
    server = start_server(tmp_path_factory.mktemp("study-chat-quiet"), {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false"})
    yield server
    server.stop()


def matched(base: str) -> tuple[StudyClient, StudyClient]:
    lat, long = random.uniform(-60, 60), random.uniform(-170, 170)
    a, b = StudyClient.signed_in(base, GLSME), StudyClient.signed_in(base, GLSME)
    for index, person in enumerate((a, b)):
        assert person.sign_up(f"채팅{random.randrange(10**6)}"[:10]).status_code == 200
        assert person.enter_queue(lat, long + index * 1e-4, ["swift"]).status_code == 200
    assert b.study_request(a.uid).status_code == 200
    assert a.study_accept(b.uid).status_code == 200
    return a, b


def send(client: StudyClient, to: str, text: str) -> requests.Response:
    return client.send("POST", f"/v1/chat/{to}", "chat=" + urllib.parse.quote(text, safe=""))


def history(client: StudyClient, partner: str, since: str, *, encode=True) -> requests.Response:
    value = urllib.parse.quote(since, safe="") if encode else since
    return client.send("GET", f"/v1/chat/{partner}?lastchatDate={value}")


def as_others_see(chats: list[dict], *people: StudyClient) -> list[dict]:
    """Chats with each person's own sealed uid replaced by the account id everyone else sees."""
    bare = {person.uid: person.shown_uid for person in people}
    return [{**chat, "from": bare.get(chat["from"], chat["from"]), "to": bare.get(chat["to"], chat["to"])}
            for chat in chats]


class Listener:
    """A socket as the apps open it: websocket only, `changesocketid` with my uid once connected.
    Other clients start by long-polling and upgrade (`transports=None`), or only poll. The apps
    emit it and go on; here the server's acknowledgement is awaited, so a chat sent next cannot
    overtake the binding on a busy machine."""

    def __init__(self, base: str, uid: str, transports: list[str] | None = ["websocket"]):
        self.chats: queue.Queue = queue.Queue()
        self.states: queue.Queue = queue.Queue()
        self.client = socketio.Client(reconnection=False)
        self.client.on("chat", self.chats.put)
        self.client.on("queueState", self.states.put)
        self.client.connect(base, transports=transports, wait_timeout=10)
        self.client.call("changesocketid", uid, timeout=10)

    def next_chat(self, timeout=5.0) -> dict:
        return self.chats.get(timeout=timeout)

    def nothing_more(self, within=0.5) -> bool:
        try:
            self.chats.get(timeout=within)
        except queue.Empty:
            return True
        return False

    def next_state(self, timeout=5.0) -> dict:
        return self.states.get(timeout=timeout)

    def close(self):
        self.client.disconnect()


def test_queue_changes_are_told_on_the_socket(chat_server):
    base = chat_server.base_url
    lat, long = random.uniform(-60, 60), random.uniform(-170, 170)
    a, b = StudyClient.signed_in(base, GLSME), StudyClient.signed_in(base, GLSME)
    for index, person in enumerate((a, b)):
        assert person.sign_up(f"알림{random.randrange(10**6)}"[:10]).status_code == 200
        assert person.enter_queue(lat, long + index * 1e-4, ["swift"]).status_code == 200
    a_socket, b_socket = Listener(base, a.uid), Listener(base, b.uid)
    try:
        assert b.study_request(a.uid).status_code == 200
        assert a_socket.next_state() == {"event": "studyRequest"}
        assert a.study_accept(b.uid).status_code == 200
        assert a_socket.next_state() == {"event": "matched"} and b_socket.next_state() == {"event": "matched"}
        assert b.dodge(a.uid).status_code == 200
        assert a_socket.next_state() == {"event": "dodged"}
        assert b_socket.states.empty(), "the one who cancelled is not told"
    finally:
        a_socket.close()
        b_socket.close()


def test_messages_go_both_ways_live_and_never_echo(chat_server):
    base = chat_server.base_url
    a, b = matched(base)
    a_socket, b_socket, b_second_device = Listener(base, a.uid), Listener(base, b.uid), Listener(base, b.uid)
    try:
        sent = send(a, b.uid, "안녕하세요! & 반가워요")
        assert sent.status_code == 200
        chat = sent.json()
        assert set(chat) == {"_id", "__v", "to", "from", "chat", "createdAt"}
        assert (chat["from"], chat["to"], chat["chat"], chat["__v"]) == (a.uid, b.shown_uid, "안녕하세요! & 반가워요", 0), \
            "the sender sees itself sealed and the partner bare"
        assert len(chat["createdAt"]) == 24 and chat["createdAt"].endswith("Z")

        for device in (b_socket, b_second_device):
            live = device.next_chat()
            assert live == {**{key: str(value) for key, value in chat.items()}, "from": a.shown_uid, "to": b.uid}, \
                "every field a string; the recipient sees itself sealed and the sender bare"
        assert a_socket.nothing_more(), "the sender gets no echo"

        reply = send(b, a.uid, "네 반가워요")
        assert reply.status_code == 200
        assert a_socket.next_chat()["chat"] == "네 반가워요"
        assert b_socket.nothing_more(within=0.2) and b_second_device.nothing_more(within=0.2)
    finally:
        for listener in (a_socket, b_socket, b_second_device):
            listener.close()


def test_a_socket_that_never_signed_in_hears_nothing_whatever_uids_it_knows(chat_server):
    """Issue 29: the eavesdropping attempt. A stranger collects every uid the APIs show anyone
    (search from anywhere, the partner's state, the chat's sender and recipient) and binds a socket
    to each, as the published clients bind theirs; the victim's messages still reach only the
    victim, over their own socket, and the victim's push is not suppressed."""
    base = chat_server.base_url
    lat, long = random.uniform(-60, 60), random.uniform(-170, 170)
    a, b, watcher = (StudyClient.signed_in(base, GLSME) for _ in range(3))
    a_device = f"{uuid.uuid4().hex[:8]}:a-device-fcm-token"  # the log names a device by its first 8 characters
    for index, person in enumerate((a, b, watcher)):
        device = {"fcm": a_device} if person is a else {}
        assert person.sign_up(f"엿보기{random.randrange(10**6)}"[:10], **device).status_code == 200
        assert person.enter_queue(lat, long + index * 1e-4, ["swift"]).status_code == 200
    found = watcher.search(lat, long).json()
    shown = {person["uid"] for person in found["fromQueueDB"]}
    assert b.study_request(a.shown_uid).status_code == 200
    assert a.study_accept(b.shown_uid).status_code == 200
    for person in (a, b):
        shown.add(person.send("GET", "/v1/queue/myQueueState").json()["matchedUid"])
    assert send(b, a.shown_uid, "먼저 보낸 말").status_code == 200
    for chat in history(a, b.shown_uid, EVERYTHING).json()["payload"]:
        shown.update({chat["from"], chat["to"]} - {a.uid})
    assert shown == {a.shown_uid, b.shown_uid}, "everyone is shown by their account id"

    stranger = socketio.Client(reconnection=False)
    overheard: queue.Queue = queue.Queue()
    stranger.on("chat", overheard.put)
    stranger.on("connect", lambda: [stranger.emit("changesocketid", uid) for uid in sorted(shown)])
    stranger.connect(base, transports=["websocket"], wait_timeout=10)
    b_socket = Listener(base, b.uid)
    try:
        time.sleep(0.3)
        assert send(a, b.shown_uid, "둘만의 이야기").status_code == 200
        assert b_socket.next_chat()["chat"] == "둘만의 이야기"
        assert send(b, a.shown_uid, "a는 소켓이 없어요").status_code == 200
        with pytest.raises(queue.Empty):
            overheard.get(timeout=1.0)
        # a has no socket of its own (the stranger's bindings bind nothing), so both chats b sent
        # are pushed to a's device. The log sender logs a device's first characters and the data's
        # keys, never what a push says.
        def chats_pushed_to_a() -> list[str]:
            return [line for line in chat_server.output().splitlines() if "push (log sender" in line
                    and a_device[:8] in line and "_id,createdAt,event,to,uid" in line]
        deadline = time.monotonic() + 10
        while len(chats_pushed_to_a()) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(chats_pushed_to_a()) == 2, "a has no socket of its own, so a is pushed both chats"
        output = chat_server.output()
        for text in ("먼저 보낸 말", "둘만의 이야기", "a는 소켓이 없어요"):
            assert text not in output, f"a chat's text reached the log: {text}"
        assert a_device not in output, "the log holds only a device token's first characters"
    finally:
        stranger.disconnect()
        b_socket.close()


def test_a_socket_that_proves_who_it_is_is_bound_by_its_token(chat_server):
    """Sprout's own SDK sends its ID token as the connect packet's auth; a bad token is refused."""
    base = chat_server.base_url
    a, b = matched(base)
    chats: queue.Queue = queue.Queue()
    proven = socketio.Client(reconnection=False)
    proven.on("chat", chats.put)
    proven.connect(base, transports=["websocket"], auth={"idtoken": b.token}, wait_timeout=10)
    try:
        time.sleep(0.3)
        assert send(a, b.shown_uid, "토큰으로 왔어요").status_code == 200
        assert chats.get(timeout=5)["chat"] == "토큰으로 왔어요"
    finally:
        proven.disconnect()
    forged = socketio.Client(reconnection=False)
    with pytest.raises(socketio.exceptions.ConnectionError):
        forged.connect(base, transports=["websocket"], auth={"idtoken": "forged"}, wait_timeout=5)


def test_history_is_strictly_newer_than_the_date_asked(chat_server):
    a, b = matched(chat_server.base_url)
    texts = [f"메시지 {n}" for n in range(5)]
    stored = [send(a if n % 2 else b, b.uid if n % 2 else a.uid, text).json() for n, text in enumerate(texts)]
    everything = history(a, b.uid, EVERYTHING, encode=False)
    assert everything.status_code == 200
    payload = everything.json()["payload"]
    assert [chat["chat"] for chat in payload] == texts, "both directions, oldest first"
    assert all({chat["from"], chat["to"]} == {a.uid, b.shown_uid} for chat in payload), "a sees itself sealed, b bare"
    from_b = history(b, a.uid, EVERYTHING).json()["payload"]
    assert all({chat["from"], chat["to"]} == {b.uid, a.shown_uid} for chat in from_b), "b sees itself sealed, a bare"
    assert as_others_see(from_b, a, b) == as_others_see(payload, a, b), "the same conversation from either side"

    newest = payload[-1]["createdAt"]
    assert history(a, b.uid, newest).json()["payload"] == [], "the newest held is not handed back"
    third = payload[2]["createdAt"]
    later = [chat["_id"] for chat in history(a, b.uid, third).json()["payload"]]
    assert set(later) <= {chat["_id"] for chat in stored[3:]} | {chat["_id"] for chat in stored if chat["createdAt"] > third}
    assert stored[2]["_id"] not in later

    # The same instant as a +0900 offset, sent unencoded as the clients do (the + arrives as is).
    utc = payload[-1]["createdAt"]
    hour = int(utc[11:13])
    kst = f"{utc[:11]}{(hour + 9) % 24:02d}{utc[13:23]}+0900" if hour + 9 < 24 else None
    if kst:
        assert history(a, b.uid, kst, encode=False).json()["payload"] == []
    assert history(a, b.uid, "yesterday").status_code == 501


def test_sending_ends_with_the_study_and_strangers_cannot_write(chat_server):
    base = chat_server.base_url
    a, b = matched(base)
    stranger = StudyClient.signed_in(base, GLSME)
    assert stranger.sign_up("구경꾼").status_code == 200
    assert send(stranger, a.uid, "안녕").status_code == 201, "not my partner: the study is over for me"
    assert send(a, b.uid, "").status_code == 501
    assert send(a, b.uid, "가" * 1001).status_code == 501
    assert send(a, b.uid, "a\x00b").status_code == 501
    assert a.dodge(b.uid).status_code == 200
    assert send(b, a.uid, "어디 가세요?").status_code == 201, "the partner cancelled"
    assert send(a, b.uid, "미안해요").status_code == 201, "and so did I"
    assert history(stranger, a.uid, EVERYTHING).json()["payload"] == [], "no one else's conversation"
    assert requests.get(f"{base}/v1/chat/{a.uid}", timeout=10).status_code == 401


def test_the_socket_endpoint_answers_as_engine_io(chat_server):
    base = chat_server.base_url
    old = requests.get(f"{base}/socket.io/?EIO=3&transport=websocket", timeout=10)
    assert (old.status_code, old.json()["code"]) == (400, 5)
    unknown = requests.get(f"{base}/socket.io/?EIO=4&transport=carrier-pigeon", timeout=10)
    assert (unknown.status_code, unknown.json()) == (400, {"code": 0, "message": "Transport unknown"})
    for method in ("GET", "POST"):
        stranger = requests.request(method, f"{base}/socket.io/?EIO=4&transport=polling&sid=nobody", data="40", timeout=10)
        assert (stranger.status_code, stranger.json()) == (400, {"code": 1, "message": "Session ID unknown"})


def test_a_raw_polling_session_joins_waits_and_is_refused_overlapping_polls(chat_server):
    base = chat_server.base_url
    polling = f"{base}/socket.io/?EIO=4&transport=polling"
    opened = requests.get(polling, timeout=10)
    assert opened.status_code == 200 and opened.headers["content-type"].startswith("text/plain")
    assert opened.text.startswith("0{") and '"upgrades":["websocket"]' in opened.text and '"pingInterval":300' in opened.text
    session = f"{polling}&sid={json.loads(opened.text[1:])['sid']}"
    assert requests.post(session, data="40", timeout=10).text == "ok"
    joined = requests.get(session, timeout=10).text
    assert joined.startswith('40{"sid":'), joined
    # Two packets in one body; the ping arrives within the interval and is answered.
    assert requests.post(session, data='42["changesocketid","someone"]\x1e42["other",1]', timeout=10).text == "ok"
    assert requests.get(session, timeout=10).text == "2"
    assert requests.post(session, data="3", timeout=10).text == "ok"


def test_an_overlapping_poll_is_refused_and_closes_the_session(quiet_chat_server):
    polling = f"{quiet_chat_server.base_url}/socket.io/?EIO=4&transport=polling"
    session = f"{polling}&sid={json.loads(requests.get(polling, timeout=10).text[1:])['sid']}"
    assert requests.post(session, data="40", timeout=10).text == "ok"
    assert requests.get(session, timeout=10).text.startswith('40{"sid":')

    # Whichever of the two polls the server sees second is refused; the one already waiting gets the close.
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        polls = [pool.submit(requests.get, session, timeout=10)]
        time.sleep(0.1)
        polls.append(pool.submit(requests.get, session, timeout=10))
        answers = sorted((poll.result() for poll in polls), key=lambda answer: answer.status_code)
    assert (answers[0].status_code, answers[0].text) == (200, "1"), "the session closed: the waiting poll gets its close"
    assert (answers[1].status_code, answers[1].json()["code"]) == (400, 3)
    assert requests.get(session, timeout=10).json()["code"] == 1


def test_a_polling_client_that_goes_quiet_is_forgotten(chat_server):
    base = chat_server.base_url
    polling = f"{base}/socket.io/?EIO=4&transport=polling"
    sid = json.loads(requests.get(polling, timeout=10).text[1:])["sid"]
    # The server forgets it after about three 300 ms ping intervals with no poll and no pong; a poll
    # would count as life, so wait once, long enough for a loaded machine's timers to have run.
    time.sleep(4.0)
    assert requests.get(f"{polling}&sid={sid}", timeout=10).json() == {"code": 1, "message": "Session ID unknown"}


def test_polling_with_upgrade_and_polling_alone_carry_chats_both_ways(chat_server):
    base = chat_server.base_url
    a, b = matched(base)
    upgrading, polling_only = Listener(base, a.uid, transports=None), Listener(base, b.uid, transports=["polling"])
    try:
        assert polling_only.client.transport() == "polling"
        assert send(b, a.uid, "업그레이드 전후").status_code == 200
        assert upgrading.next_chat()["chat"] == "업그레이드 전후"
        assert upgrading.client.transport() == "websocket", "the client upgraded from polling"
        assert send(a, b.uid, "폴링으로 받아요").status_code == 200
        assert polling_only.next_chat()["chat"] == "폴링으로 받아요"
        assert polling_only.nothing_more() and upgrading.nothing_more(), "no echo, no doubles"
    finally:
        upgrading.close()
        polling_only.close()


def test_a_client_that_stops_answering_pings_is_closed_and_a_silent_listener_stays(chat_server):
    import websocket  # websocket-client, which python-socketio uses for its websocket transport

    base = chat_server.base_url
    url = base.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
    mute = websocket.create_connection(url, timeout=5)
    handshake = mute.recv()
    assert handshake.startswith("0{") and '"pingInterval":300' in handshake and '"upgrades":[]' in handshake
    mute.send("40")
    assert mute.recv().startswith('40{"sid":')
    assert mute.recv() == "2", "the server pings on the announced interval"
    # Not answering: the next ping time closes the socket.
    with pytest.raises((websocket.WebSocketConnectionClosedException, ConnectionError, OSError)):
        while True:
            if mute.recv() in ("", None):
                raise ConnectionError("closed")

    garbage = websocket.create_connection(url, timeout=5)
    garbage.recv()
    garbage.send("4\x00\xff not a packet")
    with pytest.raises((websocket.WebSocketConnectionClosedException, ConnectionError, OSError)):
        while True:
            if garbage.recv() in ("", None):
                raise ConnectionError("closed")
    assert requests.get(f"{base}/healthz", timeout=5).status_code == 200, "the process lives on"


@pytest.fixture
def two_instances(tmp_path):
    """Two Sprouts on one scratch PostgreSQL database, as behind a load balancer."""
    if not DATABASE_URL:
        pytest.skip("needs TEST_DATABASE_URL (script/test and .ci/run set it)")
    created = create_database(DATABASE_URL, "sprout_chat_")
    assert created, "the test role may create databases"
    name, url = created
    env = {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false", "DATABASE_URL": url,
           "SPROUT_TOKEN_SECRET": "two-instances-" + "0123456789abcdef" * 4}
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    first = start_server(tmp_path / "one", env)
    second = start_server(tmp_path / "two", env)
    yield first, second
    first.stop()
    second.stop()
    drop_database(DATABASE_URL, name)


def test_a_message_posted_on_one_instance_reaches_a_socket_on_another(two_instances):
    one, two = two_instances
    a, b = matched(one.base_url)
    b_on_two = Listener(two.base_url, b.uid)
    try:
        assert send(a, b.uid, "다른 서버로 가요").status_code == 200
        assert b_on_two.next_chat()["chat"] == "다른 서버로 가요"
        assert a.dodge(b.uid).status_code == 200
        assert b_on_two.next_state() == {"event": "dodged"}
    finally:
        b_on_two.close()


def test_a_websocket_that_stops_reading_is_closed_and_a_half_sent_request_times_out(tmp_path):
    """Issue 29: a peer that stops reading answers no ping, so the server closes the connection
    itself (a close frame alone would wait for its reply forever); a request whose head never
    finishes is closed after SPROUT_IDLE_TIMEOUT."""
    import base64
    import socket as sockets

    server = start_server(tmp_path, {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false",
                                     "SPROUT_SOCKET_PING_INTERVAL": "300", "SPROUT_IDLE_TIMEOUT": "2"})
    try:
        host, port = server.base_url.removeprefix("http://").split(":")
        silent = sockets.create_connection((host, int(port)), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        silent.sendall((f"GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: {host}:{port}\r\n"
                        f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                        "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        time.sleep(3)  # reads nothing, answers nothing
        received = b""
        while chunk := silent.recv(65536):
            received += chunk
        assert b"101 Switching Protocols" in received, "the end of the stream came: the server closed it"

        half = sockets.create_connection((host, int(port)), timeout=10)
        half.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        started = time.monotonic()
        assert half.recv(1) == b"", "closed without an answer"
        assert time.monotonic() - started < 8
        assert requests.get(f"{server.base_url}/healthz", timeout=5).status_code == 200
    finally:
        server.stop()
