"""Two instances on one PostgreSQL database behind nginx, as deploy/nginx/sprout.conf sets it up
(issue 44): everything round-robin, except that each Socket.IO request naming a session (`sid=a.…`)
goes to the instance named by the sid's prefix (SPROUT_INSTANCE). Long-polling sessions, and the
upgrade to a websocket, then work whichever instance the handshake reached, for the study chat
and the lessons chat rooms alike, with every chat sent through the balancer to either instance.

The nginx here runs the shipped file itself, with its addresses replaced by this test's ports,
inside a main configuration of the test's own (one worker, so round-robin strictly alternates;
an access log with each request's status and upstream address). Without the `sid` routing the
sessions below fail with Engine.IO's 400 "Session ID unknown"."""
from __future__ import annotations

import concurrent.futures
import json
import os
import queue
import random
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.parse
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest
import requests
import socketio

from pyhelpers.lessons_api import LessonsAPI, expect_status
from pyhelpers.lessons_posts import new_member, new_user
from pyhelpers.scratch_postgres import create_database, drop_database
from pyhelpers.sprout_server import NO_RATE_LIMITS, REPO_ROOT, free_port, start_server
from pyhelpers.study_api import GLSME, StudyClient

DATABASE_URL = os.environ.get("TEST_DATABASE_URL")
SHIPPED_CONFIG = REPO_ROOT / "deploy/nginx/sprout.conf"
# Its placeholders: the two instances' addresses and the port it listens on.
SHIPPED_A, SHIPPED_B, SHIPPED_LISTEN = "127.0.0.1:8081", "127.0.0.1:8082", "listen 80;"
ROUND_TRIPS = 6


def nginx_binary() -> str | None:
    found = shutil.which("nginx")
    if found:
        return found
    return "/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None


def render(shipped: str, a: str, b: str, listen: int) -> str:
    """The shipped configuration with this test's addresses in place of its own."""
    for placeholder in (SHIPPED_A, SHIPPED_B):
        assert shipped.count(placeholder) >= 2, f"{SHIPPED_CONFIG} names {placeholder} in the upstream and the map"
    assert shipped.count(SHIPPED_LISTEN) == 1, f"{SHIPPED_CONFIG} listens once, on port 80"
    return (shipped.replace(SHIPPED_A, a).replace(SHIPPED_B, b)
            .replace(SHIPPED_LISTEN, f"listen 127.0.0.1:{listen};"))


def main_config(workdir: Path, site: Path) -> str:
    """nginx.conf around the site: everything nginx writes stays in `workdir`."""
    # Run as root (CI), the workers would otherwise be `nobody`, who cannot enter pytest's 0700
    # tmp dirs for the temp files.
    user = "user root;\n" if os.geteuid() == 0 else ""
    temp = "".join(f"    {kind}_temp_path {workdir / kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return (f"{user}daemon off;\nworker_processes 1;\npid {workdir / 'nginx.pid'};\n"
            f"error_log {workdir / 'error.log'} info;\n"
            "events { worker_connections 512; }\n"
            "http {\n"
            "    log_format balancer '$status|$upstream_addr|$arg_sid|$request_method|$request_uri';\n"
            f"    access_log {workdir / 'access.log'} balancer;\n"
            f"{temp}"
            f"    include {site};\n"
            "}\n")


@dataclass
class Balancer:
    base_url: str
    a: str  # instance a's address, as nginx's $upstream_addr names it
    b: str
    access_log: Path
    dev_key: str

    def requests_logged(self) -> list[dict]:
        lines = self.access_log.read_text().splitlines() if self.access_log.exists() else []
        keys = ("status", "upstream", "sid", "method", "uri")
        return [dict(zip(keys, line.split("|", 4))) for line in lines]

    def socket_requests(self) -> list[dict]:
        return [entry for entry in self.requests_logged() if entry["uri"].startswith("/socket.io/")]

    def address_of(self, sid: str) -> str:
        return {"a": self.a, "b": self.b}[sid.split(".", 1)[0]]

    def check_routing(self, sids: set[str], *, upgraded: set[str] = frozenset()) -> None:
        """Every request of these sessions reached the instance that made it, none got a 400 (nor
        did any other Socket.IO request so far), and each upgraded session's websocket request
        was logged (when its connection closed) at its own instance."""
        deadline = time.monotonic() + 5
        while True:
            logged = self.socket_requests()
            websockets = {entry["sid"] for entry in logged if "transport=websocket" in entry["uri"]}
            if upgraded <= websockets or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        refused = [entry for entry in logged if entry["status"] == "400"]
        assert not refused, f"Engine.IO refused requests: {refused}"
        mine = [entry for entry in logged if entry["sid"] in sids]
        assert {entry["sid"] for entry in mine} == sids, "every session made requests naming its sid"
        strays = [entry for entry in mine if entry["upstream"] != self.address_of(entry["sid"])]
        assert not strays, f"requests that reached another instance than their session's: {strays}"
        assert all(entry["status"] in ("101", "200") for entry in mine), mine
        assert upgraded <= websockets, "each upgrade's websocket request reached its own instance"


@pytest.fixture(scope="module")
def balancer(tmp_path_factory):
    if not DATABASE_URL:
        pytest.skip("needs TEST_DATABASE_URL (script/test and .ci/run set it)")
    nginx = nginx_binary()
    if nginx is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI needs nginx (apt-get install nginx; .ci/run installs it)")
        pytest.skip("needs nginx (apt-get install nginx)")
    created = create_database(DATABASE_URL, "sprout_balancer_")
    assert created, "the test role may create databases"
    name, url = created
    workdir = tmp_path_factory.mktemp("balancer")
    # No demo data: loading it takes a debug build a quarter of a minute on PostgreSQL.
    env = {**NO_RATE_LIMITS, "DATABASE_URL": url, "SPROUT_TRUSTED_PROXIES": "127.0.0.1", "SPROUT_DEMO_DATA": "false",
           "SPROUT_TOKEN_SECRET": "balancer-" + "0123456789abcdef" * 4}
    servers = []
    proxy = None
    try:
        # Both at once, as an orchestrator starts replicas: they migrate in turns.
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            starting = []
            for instance in ("a", "b"):
                (workdir / instance).mkdir()
                starting.append(pool.submit(start_server, workdir / instance, {**env, "SPROUT_INSTANCE": instance}, timeout=45))
            for future in starting:
                try:
                    servers.append(future.result())
                except Exception as error:  # the other one is still stopped below
                    servers.append(error)
        failed = [server for server in servers if isinstance(server, Exception)]
        if failed:
            raise failed[0]
        first = servers[0]

        port = free_port()
        site = workdir / "sprout.conf"
        a_address, b_address = (server.base_url.removeprefix("http://") for server in servers)
        site.write_text(render(SHIPPED_CONFIG.read_text(), a_address, b_address, port))
        conf = workdir / "nginx.conf"
        conf.write_text(main_config(workdir, site))
        # In a process group of its own: its workers go with it even if it must be killed.
        proxy = subprocess.Popen([nginx, "-p", str(workdir), "-c", str(conf), "-e", str(workdir / "error.log")],
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                                 start_new_session=True)
        deadline = time.monotonic() + 10
        while True:
            if proxy.poll() is not None:
                raise RuntimeError(f"nginx exited with {proxy.returncode}:\n{(workdir / 'error.log').read_text()[-3000:]}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("nginx did not listen within 10 s")
                time.sleep(0.05)
        yield Balancer(f"http://127.0.0.1:{port}", a_address, b_address, workdir / "access.log", first.dev_key())
    finally:
        if proxy is not None and proxy.poll() is None:
            proxy.terminate()
            try:
                proxy.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(proxy.pid, signal.SIGKILL)
                proxy.wait()
        for server in servers:
            if not isinstance(server, Exception):
                server.stop()
        drop_database(DATABASE_URL, name)


def test_both_instances_started_together_and_answer_round_robin(balancer):
    """Started at once on a fresh database, both migrated it (in turns) and came up; everything
    but the sockets is spread over them."""
    for _ in range(2):
        assert requests.get(balancer.base_url + "/healthz", timeout=10).json()["database"] == "ok"
    deadline = time.monotonic() + 5
    while True:  # nginx logs a request once its answer is sent
        upstreams = [entry["upstream"] for entry in balancer.requests_logged() if entry["uri"] == "/healthz"]
        if len(upstreams) >= 2 or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert set(upstreams) == {balancer.a, balancer.b}, "round-robin for everything but the sockets"


# --- Raw Engine.IO ------------------------------------------------------------------------------


def test_sessions_are_made_on_both_instances_and_each_request_of_one_reaches_its_instance(balancer):
    """The control: handshakes go round-robin, so both instances make sessions (a. and b.); the
    request right after each handshake would go to the other instance by round-robin alone."""
    polling = balancer.base_url + "/socket.io/?EIO=4&transport=polling"
    sids = set()
    for _ in range(4):
        opened = requests.get(polling, timeout=10)
        assert opened.status_code == 200 and opened.text.startswith("0{"), opened.text
        sid = json.loads(opened.text[1:])["sid"]
        assert re.fullmatch(r"[ab]\.[A-Za-z0-9_-]+", sid), sid
        session = f"{polling}&sid={urllib.parse.quote(sid)}"
        joined = requests.post(session, data="40", timeout=10)
        assert (joined.status_code, joined.text) == (200, "ok"), joined.text
        answer = requests.get(session, timeout=10)
        assert answer.status_code == 200 and answer.text.startswith('40{"sid":'), answer.text
        closed = requests.post(session, data="1", timeout=10)
        assert (closed.status_code, closed.text) == (200, "ok"), closed.text
        sids.add(sid)
    assert {sid[0] for sid in sids} == {"a", "b"}, f"sessions were made on both instances: {sorted(sids)}"
    balancer.check_routing(sids)


# --- The study chat -----------------------------------------------------------------------------


def matched(base: str) -> tuple[StudyClient, StudyClient]:
    lat, long = random.uniform(-60, 60), random.uniform(-170, 170)
    a, b = StudyClient.signed_in(base, GLSME), StudyClient.signed_in(base, GLSME)
    for index, person in enumerate((a, b)):
        assert person.sign_up(f"균형{random.randrange(10**6)}"[:10]).status_code == 200
        assert person.enter_queue(lat, long + index * 1e-4, ["swift"]).status_code == 200
    assert b.study_request(a.uid).status_code == 200
    assert a.study_accept(b.uid).status_code == 200
    return a, b


def send_study_chat(client: StudyClient, to: str, text: str) -> None:
    response = client.send("POST", f"/v1/chat/{to}", "chat=" + urllib.parse.quote(text, safe=""))
    assert response.status_code == 200, response.text


class Received:
    """The `chat` events one socket receives."""

    def __init__(self):
        self.events: queue.Queue = queue.Queue()

    def next(self, timeout=10.0) -> dict:
        return self.events.get(timeout=timeout)

    def nothing_more(self, within=0.5) -> bool:
        try:
            self.events.get(timeout=within)
        except queue.Empty:
            return True
        return False


def engine_sid(client: socketio.Client) -> str:
    return client.eio.sid


def wait_for_websocket(client: socketio.Client) -> None:
    deadline = time.monotonic() + 10
    while client.transport() != "websocket" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert client.transport() == "websocket", "the client upgraded from polling through the balancer"


def test_study_chat_over_polling_and_the_upgrade_through_the_balancer(balancer):
    base = balancer.base_url
    a, b = matched(base)
    clients = {}
    received = {}
    try:
        # a only polls and binds by `changesocketid`; b starts polling (the handshake), upgrades to
        # a websocket (python-engineio does at once) and also proves who it is.
        for person, transports, auth in ((a, ["polling"], None), (b, None, {"idtoken": b.token})):
            client = socketio.Client(reconnection=False)
            received[person.uid] = Received()
            client.on("chat", received[person.uid].events.put)
            client.connect(base, transports=transports, auth=auth, wait_timeout=10)
            client.call("changesocketid", person.uid, timeout=10)
            clients[person.uid] = client
        for n in range(ROUND_TRIPS):
            # Each chat goes to whichever instance round-robin picks; the socket is held by one.
            send_study_chat(b, a.uid, f"b가 a에게 {n}")
            assert received[a.uid].next()["chat"] == f"b가 a에게 {n}"
            send_study_chat(a, b.uid, f"a가 b에게 {n}")
            assert received[b.uid].next()["chat"] == f"a가 b에게 {n}"
        assert received[a.uid].nothing_more() and received[b.uid].nothing_more(within=0.1), "none twice"
        assert clients[a.uid].transport() == "polling"
        wait_for_websocket(clients[b.uid])
        sids = {engine_sid(client) for client in clients.values()}
        upgraded = {engine_sid(clients[b.uid])}
    finally:
        for client in clients.values():
            client.disconnect()
    balancer.check_routing(sids, upgraded=upgraded)


# --- The lessons chat rooms ---------------------------------------------------------------------


def test_lessons_room_sockets_over_polling_and_the_upgrade_through_the_balancer(balancer):
    api = LessonsAPI(balancer.base_url, balancer.dev_key)
    # b writes every chat (a bcrypt hash is slow on a debug build: a only joins, never logs in).
    a_id, b = new_user(api)[1], new_member(api)
    opened = b.call("POST", "/v1/chats", json={"opponent_id": a_id})
    expect_status(opened, 200)
    room = opened.json()["room_id"]
    namespace = f"/chats-{room}"
    sockets = {}
    received = {}
    try:
        for transports in (["polling"], None):
            key = "polling" if transports else "upgrade"
            client = socketio.Client(reconnection=False)
            received[key] = Received()
            client.on("chat", received[key].events.put, namespace=namespace)
            client.connect(balancer.base_url, namespaces=[namespace], transports=transports, wait_timeout=10)
            sockets[key] = client
        sent = []
        for n in range(2 * ROUND_TRIPS):
            # Each chat goes to whichever instance round-robin picks; each socket is held by one.
            posted = b.call("POST", f"/v1/chats/{room}", json={"content": f"방으로 {n} {uuid.uuid4().hex[:6]}"})
            expect_status(posted, 200)
            sent.append(posted.json())
            for key in sockets:
                assert received[key].next() == sent[-1], f"the {key} socket hears every chat, in order"
        assert all(received[key].nothing_more(within=0.3) for key in sockets), "none twice"
        assert sockets["polling"].transport() == "polling"
        wait_for_websocket(sockets["upgrade"])
        sids = {engine_sid(client) for client in sockets.values()}
        upgraded = {engine_sid(sockets["upgrade"])}
    finally:
        for client in sockets.values():
            client.disconnect()
    balancer.check_routing(sids, upgraded=upgraded)
