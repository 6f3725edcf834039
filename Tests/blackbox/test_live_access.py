"""Live connections end when the access they rest on ends, and nobody can hold so many that the
server runs out of room (README: "Live connections end when access ends", `SPROUT_LIVE_PER_CLIENT`,
`SPROUT_LIVE_MAX`, `SPROUT_ACCESS_CHECK_INTERVAL`, `SPROUT_SIGNUP_LIMIT_IP`).

An event stream (`GET /api/events`) is read here on a plain socket by a thread of its own, which
keeps every line and the moment the response ended (its last chunk came, or the connection
closed), so a test waits for an end with a bound instead of blocking in a read, and can tell a
finished response from a dropped connection. The servers check access every 300 ms instead of
every 2 s, so an ending shows within a second or two; every wait is bounded, so a server that never
ends a stream fails the test instead of hanging it.
"""
from __future__ import annotations

import json
import socket
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from urllib.parse import urlsplit

import pytest
import requests
import socketio

from pyhelpers.conversations_api import PASSWORD, ConversationsAPI, Person
from pyhelpers.lessons_api import Account, LessonsAPI, describe
from pyhelpers.lessons_api import expect_error as expect_lessons_error
from pyhelpers.market_api import expect_error, expect_status
from pyhelpers.sprout_server import run_cli
from pyhelpers.study_api import GLSME, StudyClient

CHECK_MS = 300
QUICK = {"SPROUT_DEMO_DATA": "false", "SPROUT_ACCESS_CHECK_INTERVAL": str(CHECK_MS)}
# Ends come within one check (at once for a change made on the same instance); this bound only
# keeps a server that never ends a stream from hanging the test, well below the 20 s keep-alive
# whose failed write would end a stream for other reasons.
ENDS_WITHIN = 10.0


# --- Accounts ----------------------------------------------------------------------------------


@dataclass
class LogIn:
    """One log-in: what /api/auth/join or /api/auth/login answered."""
    user_id: str
    email: str
    name: str
    access: str
    refresh: str

    def person(self) -> Person:
        """The same account for ConversationsAPI, acting with this log-in's access token."""
        return Person(self.user_id, self.name, self.email, self.access)


def _log_in(response: requests.Response) -> LogIn:
    expect_status(response, 200)
    body = response.json()
    return LogIn(body["user_id"], body["email"], body["name"], body["accessToken"], body["refreshToken"])


def sign_up(base: str) -> LogIn:
    tag = uuid.uuid4().hex[:10]
    return _log_in(requests.post(f"{base}/api/auth/join", timeout=30,
                                 json={"email": f"live-{tag}@example.com", "password": PASSWORD, "name": f"live{tag}"}))


def log_in(base: str, email: str) -> LogIn:
    return _log_in(requests.post(f"{base}/api/auth/login", json={"email": email, "password": PASSWORD}, timeout=30))


def log_out(base: str, login: LogIn) -> None:
    response = requests.post(f"{base}/api/auth/logout", timeout=30,
                             headers={"Authorization": f"Bearer {login.access}", "Refresh": login.refresh})
    expect_status(response, 200)


def retry_after(headers) -> int:
    value = headers.get("Retry-After") or headers.get("retry-after")
    assert value is not None and value.isdigit() and int(value) >= 1, f"Retry-After {value!r} in {dict(headers)}"
    return int(value)


# --- Event streams -----------------------------------------------------------------------------


class LiveStream:
    """`GET /api/events` on a socket of its own (from `source`, a loopback address, when given).
    The answer's head is read at once; a 200's body is read by a thread, which keeps its lines in
    `lines` and sets `ended_at` (monotonic) and `how_ended`: "complete" when the last chunk came
    (the response finished, as `requests`' iter_lines would finish), "closed" when the connection
    closed before that, "broken …" on a read error."""

    def __init__(self, base: str, access: str | None, *, last_event_id: int | None = None,
                 source: str | None = None):
        url = urlsplit(base)
        self.lines: list[str] = []
        self.ended_at: float | None = None
        self.how_ended = ""
        self.body = b""
        self._changed = threading.Condition()
        self._reader: threading.Thread | None = None
        self.sock = socket.create_connection((url.hostname, url.port), timeout=10,
                                             source_address=(source, 0) if source else None)
        head = ["GET /api/events HTTP/1.1", f"Host: {url.netloc}", "Accept: text/event-stream"]
        if access is not None:
            head.append(f"Authorization: Bearer {access}")
        if last_event_id is not None:
            head.append(f"Last-Event-ID: {last_event_id}")
        self.sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
        self._file = self.sock.makefile("rb")
        status_line = self._file.readline()
        assert status_line, "the server closed the connection without an answer"
        self.status = int(status_line.split()[1])
        self.headers: dict[str, str] = {}
        while (line := self._file.readline()) not in (b"\r\n", b"\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            self.headers[name.strip().lower()] = value.strip()
        if self.status != 200:
            self._read_body(lambda data: setattr(self, "body", self.body + data))
            self.close()
            return
        self.sock.settimeout(None)  # the reader blocks until data, the end, or close()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def describe(self) -> str:
        return f"{self.status} {self.headers} {self.body[:300]!r} lines={self.lines[:10]}"

    def _read_body(self, take) -> str:
        if self.headers.get("transfer-encoding", "").lower() == "chunked":
            while True:
                size_line = self._file.readline()
                if not size_line.endswith(b"\n"):
                    return "closed"
                size = int(size_line.split(b";")[0].strip(), 16)
                if size == 0:
                    return "complete"
                data = self._file.read(size)
                if len(data) < size or not self._file.readline().endswith(b"\n"):
                    return "closed"
                take(data)
        if "content-length" in self.headers:
            take(self._file.read(int(self.headers["content-length"])))
            return "complete"
        while data := self._file.read1(65536):
            take(data)
        return "closed"

    def _read(self) -> None:
        pending = b""

        def take(data: bytes) -> None:
            nonlocal pending
            *whole, pending = (pending + data).split(b"\n")
            with self._changed:
                self.lines += [line.rstrip(b"\r").decode() for line in whole]
                self._changed.notify_all()

        try:
            how = self._read_body(take)
        except (OSError, ValueError) as error:
            how = f"broken ({error!r})"
        with self._changed:
            self.ended_at = time.monotonic()
            self.how_ended = how
            self._changed.notify_all()

    def close(self) -> None:
        try:
            self.sock.shutdown(socket.SHUT_RDWR)  # wakes the reader, which then records "closed"
        except OSError:
            pass
        if self._reader is not None:
            self._reader.join(timeout=5)
        self._file.close()
        self.sock.close()

    def _wait(self, condition, within: float) -> bool:
        with self._changed:
            return self._changed.wait_for(condition, timeout=within)

    @property
    def ended(self) -> bool:
        return self.ended_at is not None

    def wait_ready(self, within: float = 10.0) -> int:
        """Waits for the opening block (`retry: 3000`, `id: N`, a blank line), so that the server is
        known to stream to this client; answers its id."""
        assert self.status == 200, self.describe()
        assert self._wait(lambda: "" in self.lines or self.ended, within), f"no opening block within {within} s"
        opening = self.lines[:self.lines.index("")] if "" in self.lines else self.lines
        assert opening[:1] and opening[0].startswith("retry:"), f"the stream began with {opening!r}"
        ids = [line for line in opening if line.startswith("id:")]
        assert ids, f"the opening block names no id: {opening!r}"
        return int(ids[-1][3:].strip())

    def wait_ended(self, within: float = ENDS_WITHIN) -> bool:
        return self._wait(lambda: self.ended, within)

    def last_id(self) -> int:
        with self._changed:
            ids = [line[3:].strip() for line in self.lines if line.startswith("id:")]
        assert ids, f"no id: line in {self.lines!r}"
        return int(ids[-1])

    def events(self) -> list[dict]:
        """The events read so far: each block with a `data:` line."""
        with self._changed:
            lines = list(self.lines)
        events, fields = [], {}
        for line in lines:
            if line == "":
                if "data" in fields:
                    events.append({"id": int(fields["id"]), "event": fields.get("event", "message"),
                                   "data": json.loads(fields["data"])})
                fields = {}
            elif not line.startswith(":"):
                name, _, value = line.partition(":")
                fields[name] = value[1:] if value.startswith(" ") else value
        return events

    def wait_event(self, found, within: float = 10.0) -> dict:
        assert self._wait(lambda: any(found(event) for event in self.events()) or self.ended, within), \
            f"no such event within {within} s: {self.events()!r}"
        matching = [event for event in self.events() if found(event)]
        assert matching, f"the stream ended ({self.how_ended}) before the event: {self.lines!r}"
        return matching[0]


@pytest.fixture
def opened():
    """Opens event streams (`LiveStream`) and closes every one at the end of the test."""
    streams: list[LiveStream] = []

    def open_stream(base: str, access: str | None, **kwargs) -> LiveStream:
        stream = LiveStream(base, access, **kwargs)
        streams.append(stream)
        return stream

    yield open_stream
    for stream in streams:
        stream.close()


def first_message(conv: ConversationsAPI, sender: LogIn, product: dict, text: str) -> dict:
    """Opens a conversation about `product` (an event for both people) and answers its message.
    The conversation's own shape is test_conversations.py's business."""
    response = conv.open(sender.person(), product["id"], text)
    expect_status(response, 201)
    return response.json()["last_message"]


def is_message(message_id):
    return lambda event: event["event"] == "message" and event["data"]["message"]["id"] == message_id


def expect_ended(stream: LiveStream, why: str) -> None:
    assert stream.wait_ended(), f"{why}, yet the stream was still open after {ENDS_WITHIN} s"
    assert stream.how_ended == "complete", \
        f"{why}: the response should finish with its last chunk, not {stream.how_ended!r}"


# --- Streams end with their access ---------------------------------------------------------------


def test_logging_out_ends_the_streams_of_that_log_in_and_not_those_of_another(start_sprout, opened):
    """A log-out on a phone must not leave that phone's stream delivering the account's messages;
    the same person's other device (another log-in) stays live."""
    server = start_sprout(QUICK)
    base = server.base_url
    conv = ConversationsAPI(base)
    product = conv.product(conv.seller())
    phone = sign_up(base)  # the join is a log-in of its own
    laptop = log_in(base, phone.email)
    ending = opened(base, phone.access)
    staying = opened(base, laptop.access)
    ending.wait_ready()
    staying.wait_ready()

    log_out(base, phone)
    expect_ended(ending, "its log-in logged out")
    assert not staying.ended, f"the other log-in's stream ended too ({staying.how_ended})"

    message = first_message(conv, laptop, product, "still here on the laptop")
    assert staying.wait_event(is_message(message["id"]))["data"]["message"] == message
    assert not any(is_message(message["id"])(event) for event in ending.events())


def test_an_account_disabled_by_the_operator_loses_its_streams(tmp_path, start_sprout, opened):
    """`sprout accounts disable` runs as another process: the server learns of it only from the
    database, at its next check, and ends that account's streams while others go on."""
    server = start_sprout(QUICK)
    base = server.base_url
    person, bystander = sign_up(base), sign_up(base)
    stream = opened(base, person.access)
    other = opened(base, bystander.access)
    stream.wait_ready()
    other.wait_ready()

    disabled = run_cli(tmp_path, "accounts", "disable", person.email)
    assert disabled.returncode == 0, disabled.stderr
    expect_ended(stream, "its account was disabled")
    assert not other.ended, f"another account's stream ended too ({other.how_ended})"


def test_an_expired_token_ends_the_stream_and_the_refreshed_reconnect_misses_nothing(start_sprout, opened):
    """A stream outliving its token would let a client keep listening without ever refreshing.
    The client refreshes and reconnects with `Last-Event-ID` and receives what came meanwhile."""
    ttl = 4
    server = start_sprout({**QUICK, "SPROUT_ACCESS_TOKEN_TTL": str(ttl)})
    base = server.base_url
    conv = ConversationsAPI(base)
    seller = conv.seller()
    product = conv.product(seller)

    asked = time.monotonic()
    login = log_in(base, seller.email)
    stream = opened(base, login.access)
    stream.wait_ready()
    assert stream.wait_ended(ttl + ENDS_WITHIN), f"the stream outlived its {ttl} s token by {ENDS_WITHIN} s"
    assert stream.how_ended == "complete", stream.how_ended
    lasted = stream.ended_at - asked
    assert lasted >= ttl - 1.5, f"the stream ended {lasted:.1f} s after the log-in, before its token expired"
    last_seen = stream.last_id()

    buyer = sign_up(base)
    message = first_message(conv, buyer, product, "sent while you were away")

    refreshed = requests.get(f"{base}/api/auth/refresh", timeout=30,
                              headers={"Authorization": f"Bearer {login.access}", "Refresh": login.refresh})
    expect_status(refreshed, 200)
    again = opened(base, refreshed.json()["accessToken"], last_event_id=last_seen)
    again.wait_ready()
    assert again.wait_event(is_message(message["id"]), within=ttl - 1)["data"]["message"] == message
    assert all(event["id"] > last_seen for event in again.events()), "only what came after the last id seen"


def test_a_disabled_accounts_study_socket_is_closed(tmp_path, start_sprout):
    """A phone-signed-in study socket (the ID token as the connect packet's auth) ends when the
    operator disables the account, named by its phone number; another account's socket stays."""
    server = start_sprout(QUICK)
    base = server.base_url
    person, bystander = StudyClient.signed_in(base, GLSME), StudyClient.signed_in(base, GLSME)
    sockets, closed = {}, {}
    for who in (person, bystander):
        closed[who.phone] = threading.Event()
        client = socketio.Client(reconnection=False)
        client.on("disconnect", lambda *reason, gone=closed[who.phone]: gone.set())
        client.connect(base, transports=["websocket"], auth={"idtoken": who.token}, wait_timeout=10)
        sockets[who.phone] = client
    try:
        assert all(client.connected for client in sockets.values())
        assert person.phone.startswith("+8210"), person.phone
        disabled = run_cli(tmp_path, "accounts", "disable", person.phone)
        assert disabled.returncode == 0, disabled.stderr
        assert closed[person.phone].wait(ENDS_WITHIN), f"the socket stayed open {ENDS_WITHIN} s after the account was disabled"
        assert not sockets[person.phone].connected
        assert sockets[bystander.phone].connected and not closed[bystander.phone].is_set(), "another account's socket closed too"
    finally:
        for client in sockets.values():
            client.disconnect()


# --- Nobody holds too many live connections -------------------------------------------------------


def socket_io_handshake(base: str) -> requests.Response:
    return requests.get(f"{base}/socket.io/?EIO=4&transport=polling", timeout=10)


def test_one_address_holds_at_most_its_share_of_streams_and_sockets_together(start_sprout, opened):
    """One client reconnecting in a loop, or opening connections to use up the server's, is held to
    SPROUT_LIVE_PER_CLIENT live connections, event streams and Socket.IO sessions counted together;
    a place given back is taken again."""
    server = start_sprout({**QUICK, "SPROUT_LIVE_PER_CLIENT": "3"})
    base = server.base_url
    first = sign_up(base)
    second = log_in(base, first.email)
    held = [opened(base, first.access), opened(base, second.access), opened(base, second.access)]
    for stream in held:
        stream.wait_ready()

    refused = opened(base, second.access)
    assert refused.status == 429, refused.describe()
    retry_after(refused.headers)
    handshake = socket_io_handshake(base)
    assert handshake.status_code == 429, describe(handshake)
    retry_after(handshake.headers)

    # A stream the client drops is noticed only at the next keep-alive (20 s); a log-out ends it at once.
    log_out(base, first)
    expect_ended(held[0], "its log-in logged out")
    admitted = opened(base, second.access)
    assert admitted.status == 200, f"the place given back was not taken: {admitted.describe()}"
    admitted.wait_ready()
    assert opened(base, second.access).status == 429, "the address holds its three again"
    assert socket_io_handshake(base).status_code == 429


def test_a_full_instance_refuses_live_connections_and_still_answers_everything_else(start_sprout, opened):
    """SPROUT_LIVE_MAX caps the live connections of the whole instance (503, come back later);
    health checks and log-ins, which are not live, are not crowded out."""
    server = start_sprout({**QUICK, "SPROUT_LIVE_MAX": "4", "SPROUT_LIVE_PER_CLIENT": "100"})
    base = server.base_url
    person = sign_up(base)
    held = [opened(base, person.access) for _ in range(4)]
    for stream in held:
        stream.wait_ready()

    refused = opened(base, person.access)
    assert refused.status == 503, refused.describe()
    retry_after(refused.headers)
    handshake = socket_io_handshake(base)
    assert handshake.status_code == 503, describe(handshake)
    retry_after(handshake.headers)

    assert requests.get(f"{base}/healthz", timeout=10).status_code == 200
    log_in(base, person.email)
    assert not any(stream.ended for stream in held), "the streams held go on"


def test_streams_from_many_addresses_cannot_take_the_descriptors_the_server_needs(start_sprout, opened):
    """The attack: open streams until the process has no descriptor left, and nobody can even log
    in or pass a health check. Under `ulimit -n 256` the server keeps 128 descriptors for itself
    and admits 128 live connections; here two addresses try (each held to 100, the default), from
    accounts of at most 30 streams each (an account's 33rd would end its oldest), until the
    instance refuses with 503, and then the health check and a log-in must still answer at once."""
    server = start_sprout({**QUICK, "SPROUT_LIVE_PER_CLIENT": "100"}, descriptors=256)
    base = server.base_url
    with ThreadPoolExecutor(max_workers=6) as pool:
        people = list(pool.map(lambda _: sign_up(base), range(6)))
    addresses = ["127.0.0.1", "127.0.0.2"]
    admitted = {address: 0 for address in addresses}
    address, full = 0, None
    for attempt in range(180):
        stream = opened(base, people[attempt % len(people)].access, source=addresses[address])
        if stream.status == 200:
            stream.wait_ready()
            admitted[addresses[address]] += 1
        elif stream.status == 429:
            address += 1
            assert address < len(addresses), f"every address was refused before the instance was full: {admitted}"
        else:
            full = stream
            break
    assert full is not None, f"180 streams and no refusal for a full instance: {admitted}"
    assert full.status == 503, full.describe()
    retry_after(full.headers)
    assert admitted == {"127.0.0.1": 100, "127.0.0.2": 28}, \
        f"the first address is held to 100 and the instance to 256 - 128 = 128 in all: {admitted}"

    started = time.monotonic()
    health = requests.get(f"{base}/healthz", timeout=5)
    assert health.status_code == 200, describe(health)
    log_in(base, people[0].email)
    assert time.monotonic() - started < 10, "the health check and a log-in answered, but slowly"
    assert server.process.poll() is None, server.output()[-2000:]


# --- Sign-ups per address --------------------------------------------------------------------------


def test_an_address_makes_only_so_many_accounts_an_hour_on_every_contract(tmp_path, start_sprout):
    """Each account may hold its own streams, so accounts made in bulk would multiply them: one
    address makes SPROUT_SIGNUP_LIMIT_IP accounts an hour, counted across Sprout's own join and
    the LSLP contract's, and a refused sign-up makes no account."""
    server = start_sprout({**QUICK, "SPROUT_SIGNUP_LIMIT_IP": "3"})
    base = server.base_url
    key = run_cli(tmp_path, "keys", "create", "lessons-app")  # no demo data, so no dev key
    assert key.returncode == 0, key.stderr
    lessons = LessonsAPI(base, key.stdout.strip().splitlines()[-1])

    def join(email: str) -> requests.Response:
        return requests.post(f"{base}/api/auth/join", timeout=30,
                             json={"email": email, "password": PASSWORD, "name": "Bulk"})

    for _ in range(2):
        expect_status(join(f"bulk-{uuid.uuid4().hex[:10]}@example.com"), 200)
    expect_status(lessons.join(Account.unique().join_body()), 200)

    refused_email = f"bulk-{uuid.uuid4().hex[:10]}@example.com"
    refused = join(refused_email)
    expect_error(refused, 429)
    assert retry_after(refused.headers) <= 3600
    lessons_account = Account.unique()
    refused_lessons = lessons.join(lessons_account.join_body())
    expect_lessons_error(refused_lessons, 429)
    assert retry_after(refused_lessons.headers) <= 3600

    for email, password in ((refused_email, PASSWORD), (lessons_account.email, lessons_account.password)):
        login = requests.post(f"{base}/api/auth/login", json={"email": email, "password": password}, timeout=30)
        assert login.status_code == 401, f"a refused sign-up made an account: {describe(login)}"
