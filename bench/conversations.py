"""Conversations and their live event stream under load (issue 31). Three steps, each a command:

- setup: joins PAIRS buyers and PAIRS sellers (each seller a market vendor with one product) and
  opens one conversation per pair about the seller's product; one more account, the reader, opens
  INBOX conversations about the first sellers' products, and each of those sellers answers once.
  Writes what the other steps need to STATE_DIR (`state.json`, and `message.body`: the bytes of
  one send's answer, which nginx serves as the reference file).
- idle: IDLE `GET /api/events` streams (bearer token) spread over every account of the pairs,
  each read up to its opening `retry:`/`id:` frame, held HOLD seconds; the server's VmRSS before,
  after opening and after holding, its VmHWM, and how many streams the server dropped. Then closes
  them and waits out the stream heartbeat (20 s), after which the server has let them go.
- delivery: one event stream per account of the pairs (both people have the app open), then a
  warm-up, reported apart: each conversation's first message since the server started, PAIRS of
  them at RATE a second (what a send needs of its conversation is then read and kept, and
  SQLite's pages are in memory). Then the measured run: RATE sends a second for DURATION seconds, `POST /api/conversations/{id}/messages` round-robin over
  the pairs, the two people taking turns, from CONNECTIONS keep-alive connections. Each send is
  timed from the moment its request is written: to its answer, and to the `message` event with
  its text on the recipient's stream. The reference is nginx answering `GET /message.body` (the
  same bytes as a send's answer) at the same pace from the same client, timed the same way.

    python3 bench/conversations.py setup BASE_URL STATE_DIR
    python3 bench/conversations.py idle BASE_URL STATE_DIR SPROUT_PID
    python3 bench/conversations.py delivery BASE_URL STATE_DIR NGINX_URL

Knobs from the environment: PAIRS (500), INBOX (20), IDLE (10000), HOLD (10, seconds), RATE
(1000), DURATION (10, seconds), CONNECTIONS (128). Needs Python's `requests` (setup) and the
black-box tests' helpers (`Tests/pyhelpers`); the streams and sends are plain asyncio sockets.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import gc
import json
import math
import os
import sys
import threading
import time
import urllib.parse
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "Tests"))

PAIRS = int(os.environ.get("PAIRS", "500"))
INBOX = int(os.environ.get("INBOX", "20"))
IDLE = int(os.environ.get("IDLE", "10000"))
HOLD = float(os.environ.get("HOLD", "10"))
RATE = int(os.environ.get("RATE", "1000"))
DURATION = int(os.environ.get("DURATION", "10"))
CONNECTIONS = int(os.environ.get("CONNECTIONS", "128"))
OPENING = 200  # streams opened at once
HEARTBEAT = 20  # EventStreamController.heartbeat: a closed stream is noticed at its next write
STREAMS_PER_ACCOUNT = 32  # AccountEvents.maxStreamsPerAccount
PASSWORD = "bench-password-42"


# --- setup (blocking, with requests) ---------------------------------------------------------

def setup(base: str, state_dir: Path) -> None:
    import requests
    from pyhelpers.market_api import MarketAPI, Vendor

    assert INBOX <= PAIRS, "the reader talks to INBOX of the pairs' sellers"
    local = threading.local()

    def session() -> requests.Session:
        if not hasattr(local, "http"):
            local.http = requests.Session()
        return local.http

    def call(method: str, path: str, token: str | None = None, expect=(200,), **kwargs) -> requests.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = session().request(method, base + path, headers=headers, timeout=60, **kwargs)
        assert response.status_code in expect, f"{method} {path}: {response.status_code} {response.text[:300]}"
        return response

    def join(name: str) -> dict:
        body = call("POST", "/api/auth/join", json={"email": f"{name}@bench.example", "password": PASSWORD, "name": name}).json()
        return {"id": body["user_id"], "token": body["accessToken"]}

    def seller(index: int) -> dict:
        person = join(f"seller{index:04d}")
        vendor_body = call("POST", "/api/market/vendor", person["token"], json={"name": f"benchshop{index:04d}"}).json()
        market = MarketAPI(base)
        vendor = Vendor(vendor_body["vendor_id"], vendor_body["name"], vendor_body["identifier"], vendor_body["secret"],
                        person["token"], f"seller{index:04d}@bench.example", PASSWORD)
        product = market.create_product(vendor, name=f"Bench stool {index:04d}", price=45000.0, discounted_price=0.0)
        person["product"] = str(product["id"])
        return person

    def pair(index: int) -> dict:
        buyer, owner = join(f"buyer{index:04d}"), seller(index)
        opened = call("POST", "/api/conversations", buyer["token"], expect=(201,),
                      json={"about": {"app": "market", "id": owner["product"]}, "text": "아직 판매 중인가요?"}).json()
        return {"buyer": buyer, "seller": owner, "conversation": opened["id"]}

    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        pairs = list(pool.map(pair, range(PAIRS)))
        reader = join("reader")

        def talk_to_reader(index: int) -> None:
            owner = pairs[index]["seller"]
            opened = call("POST", "/api/conversations", reader["token"], expect=(201,),
                          json={"about": {"app": "market", "id": owner["product"]}, "text": f"{index}번 물건 아직 있나요?"}).json()
            call("POST", f"/api/conversations/{opened['id']}/messages", owner["token"], expect=(201,), json={"text": "네, 있어요. 언제 보실래요?"})

        list(pool.map(talk_to_reader, range(INBOX)))
    first = pairs[0]
    answer = call("POST", f"/api/conversations/{first['conversation']}/messages", first["seller"]["token"], expect=(201,),
                  json={"text": "네, 아직 있어요."})
    (state_dir / "message.body").write_bytes(answer.content)
    state = {"pairs": pairs, "reader": reader, "message_content_type": answer.headers["Content-Type"]}
    (state_dir / "state.json").write_text(json.dumps(state))
    print(f"setup: {2 * PAIRS + 1} accounts, {PAIRS} sellers with a product, {PAIRS + INBOX} conversations "
          f"(the reader has {INBOX}) in {time.perf_counter() - started:.0f} s")


# --- asyncio clients -------------------------------------------------------------------------

def address(base: str) -> tuple[str, int]:
    parts = urllib.parse.urlsplit(base)
    return parts.hostname, parts.port


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[bytes, bytes]]:
    status = int((await reader.readline()).split()[1])
    headers = {}
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.partition(b":")
        headers[name.strip().lower()] = value.strip()
    return status, headers


class EventStream:
    """`GET /api/events` on a connection of its own: the chunked body split into SSE frames, each
    handed to `on_event(stream, name, data)` as it arrives."""

    def __init__(self, account: str, reader, writer, on_event=None):
        self.account, self.reader, self.writer, self.on_event = account, reader, writer, on_event
        self.ended = False

    @classmethod
    async def open(cls, base: str, account: str, token: str, on_event=None) -> "EventStream":
        reader, writer = await asyncio.open_connection(*address(base))
        writer.write(f"GET /api/events HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n"
                     f"Authorization: Bearer {token}\r\n\r\n".encode())
        status, headers = await read_head(reader)
        if status != 200:
            raise RuntimeError(f"GET /api/events answered {status} for {account}")
        assert headers.get(b"transfer-encoding") == b"chunked", headers
        stream = cls(account, reader, writer, on_event)
        opening = await stream.chunk()
        assert opening.startswith(b"retry:"), opening
        asyncio.create_task(stream.listen())
        return stream

    async def chunk(self) -> bytes | None:
        size = int((await self.reader.readline()).split(b";")[0], 16)
        data = await self.reader.readexactly(size + 2)
        return data[:-2] if size else None

    async def listen(self) -> None:
        buffer = b""
        try:
            while (data := await self.chunk()) is not None:
                buffer += data
                while b"\n\n" in buffer:
                    frame, buffer = buffer.split(b"\n\n", 1)
                    if self.on_event:
                        fields = dict(line.split(b": ", 1) for line in frame.split(b"\n") if b": " in line and not line.startswith(b":"))
                        if b"data" in fields:
                            self.on_event(self, fields.get(b"event", b"message").decode(), fields[b"data"])
        except (ConnectionError, asyncio.IncompleteReadError, ValueError):
            pass
        self.ended = True

    def close(self) -> None:
        self.writer.close()


class HTTPConnection:
    """A keep-alive HTTP/1.1 connection (the standard library has no asyncio client)."""

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, base: str) -> "HTTPConnection":
        return cls(*await asyncio.open_connection(*address(base)))

    async def request(self, method: str, path: str, headers: dict, body: bytes = b"") -> int:
        head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
        self.writer.write(f"{method} {path} HTTP/1.1\r\nHost: bench\r\nContent-Length: {len(body)}\r\n{head}\r\n".encode() + body)
        status, answer_headers = await read_head(self.reader)
        await self.reader.readexactly(int(answer_headers.get(b"content-length", b"0")))
        return status


async def open_all(count: int, opener) -> list:
    opened = []
    for start in range(0, count, OPENING):
        opened += await asyncio.gather(*(opener(index) for index in range(start, min(start + OPENING, count))))
    return opened


def memory(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM of `pid`, in KiB."""
    with open(f"/proc/{pid}/status") as status:
        return {line.split(":")[0]: int(line.split()[1]) for line in status if line.startswith(("VmRSS:", "VmHWM:"))}


def percentiles(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)

    def at(fraction: float) -> float:
        return ordered[min(len(ordered) - 1, math.ceil(len(ordered) * fraction) - 1)] * 1000

    return f"p50 {at(0.50):.2f} ms, p99 {at(0.99):.2f} ms, max {ordered[-1] * 1000:.1f} ms"


def accounts(state: dict) -> list[dict]:
    return [person for pair in state["pairs"] for person in (pair["buyer"], pair["seller"])]


# --- idle ------------------------------------------------------------------------------------

async def idle(base: str, state: dict, pid: int) -> None:
    people = accounts(state)
    per_account = math.ceil(IDLE / len(people))
    if per_account > STREAMS_PER_ACCOUNT:
        sys.exit(f"bench: {IDLE} streams over {len(people)} accounts is {per_account} each, above the "
                 f"{STREAMS_PER_ACCOUNT} an account may hold: raise PAIRS")
    before = memory(pid)
    started = time.perf_counter()
    streams = await open_all(IDLE, lambda i: EventStream.open(base, people[i % len(people)]["id"], people[i % len(people)]["token"]))
    opening = time.perf_counter() - started
    opened = memory(pid)
    await asyncio.sleep(HOLD)
    held = memory(pid)
    dropped = sum(stream.ended for stream in streams)
    for stream in streams:
        stream.close()
    await asyncio.sleep(HEARTBEAT + 5)
    released = memory(pid)
    mib = lambda kib: f"{kib / 1024:.1f} MiB"
    print(f"idle streams: {IDLE} over {len(people)} accounts (≤ {per_account} each), opened in {opening:.1f} s, "
          f"held {HOLD:.0f} s, {dropped} dropped")
    print(f"  sprout VmRSS before {mib(before['VmRSS'])}, opened {mib(opened['VmRSS'])}, held {mib(held['VmRSS'])} "
          f"({(held['VmRSS'] - before['VmRSS']) / IDLE:.1f} KiB a stream), VmHWM {mib(held['VmHWM'])}; "
          f"{HEARTBEAT + 5} s after closing them VmRSS {mib(released['VmRSS'])}")


# --- delivery --------------------------------------------------------------------------------

async def paced(count: int, send) -> float:
    """Calls `send(i, due)` RATE times a second, `count` times, without waiting for each; `send`
    answers when its request was written. Answers the rate the requests went out at."""
    started = time.perf_counter()
    tasks = []
    for index in range(count):
        delay = started + index / RATE - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(send(index, started + index / RATE)))
    starts = await asyncio.gather(*tasks)
    return (count - 1) / (max(starts) - min(starts))


async def pool_of(base: str) -> asyncio.Queue:
    free: asyncio.Queue = asyncio.Queue()
    for connection in await asyncio.gather(*(HTTPConnection.open(base) for _ in range(CONNECTIONS))):
        free.put_nowait(connection)
    return free


async def delivery(base: str, state: dict, nginx: str, reference_bytes: int) -> None:
    pairs = state["pairs"]
    pending: dict[str, tuple[str, float]] = {}  # text → (recipient, when its send started)
    answered: list[float] = []
    delivered: list[float] = []
    late: list[float] = []  # how long after its turn each send started (a client or pool behind)

    def arrived(stream: EventStream, name: str, data: bytes) -> None:
        if name != "message":
            return
        text = json.loads(data)["message"]["text"]
        waiting = pending.get(text)
        if waiting and waiting[0] == stream.account:
            del pending[text]
            delivered.append(time.perf_counter() - waiting[1])

    people = accounts(state)
    streams = await open_all(len(people), lambda i: EventStream.open(base, people[i]["id"], people[i]["token"], arrived))
    free = await pool_of(base)
    statuses: list[int] = []

    async def send(index: int, due: float, answered: list[float] = answered) -> None:
        pair = pairs[index % len(pairs)]
        turn = (index // len(pairs)) % 2
        sender, recipient = (pair["buyer"], pair["seller"]) if turn == 0 else (pair["seller"], pair["buyer"])
        text = f"m{index}"
        body = json.dumps({"text": text}).encode()
        connection = await free.get()
        start = time.perf_counter()
        late.append(start - due)
        pending[text] = (recipient["id"], start)
        status = await connection.request("POST", f"/api/conversations/{pair['conversation']}/messages",
                                          {"Authorization": f"Bearer {sender['token']}", "Content-Type": "application/json"}, body)
        answered.append(time.perf_counter() - start)
        statuses.append(status)
        free.put_nowait(connection)
        return start

    warm: list[float] = []
    gc.collect()
    gc.disable()
    await paced(len(pairs), lambda index, due: send(index, due, warm))
    for _ in range(50):
        if not pending:
            break
        await asyncio.sleep(0.1)
    gc.enable()
    print(f"warm-up: each conversation's first message since the start, {len(pairs)} at {RATE}/s: answered {percentiles(warm)}")
    answered.clear()
    delivered.clear()
    late.clear()
    statuses.clear()

    count = RATE * DURATION
    gc.collect()
    gc.disable()
    achieved = await paced(count, lambda index, due: send(index + len(pairs), due))
    for _ in range(50):
        if not pending:
            break
        await asyncio.sleep(0.1)
    gc.enable()
    failed = sum(status != 201 for status in statuses)
    dropped = sum(stream.ended for stream in streams)
    for stream in streams:
        stream.close()
    print(f"delivery: {count} sends over {len(pairs)} conversations at {achieved:.0f}/s, {failed} not 201, "
          f"{len(delivered)} delivered to the recipient's stream ({len(pending)} missing), {dropped} streams dropped")
    print(f"  send answered      {percentiles(answered)}")
    print(f"  send → message event at the recipient  {percentiles(delivered)}")
    print(f"  send started after its turn  {percentiles(late)}")

    # The reference: nginx answering the same bytes at the same pace, from the same client.
    reference: list[float] = []
    reference_late: list[float] = []
    reference_statuses: list[int] = []
    free = await pool_of(nginx)

    async def fetch(index: int, due: float) -> None:
        connection = await free.get()
        start = time.perf_counter()
        reference_late.append(start - due)
        reference_statuses.append(await connection.request("GET", "/message.body", {}))
        reference.append(time.perf_counter() - start)
        free.put_nowait(connection)
        return start

    gc.collect()
    gc.disable()
    reference_achieved = await paced(count, fetch)
    gc.enable()
    print(f"reference: nginx GET /message.body ({reference_bytes} bytes) "
          f"at {reference_achieved:.0f}/s, {sum(s != 200 for s in reference_statuses)} not 200")
    print(f"  answered           {percentiles(reference)}")
    print(f"  started after its turn  {percentiles(reference_late)}")


def main() -> None:
    command, base, state_dir = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    if command == "setup":
        setup(base, state_dir)
        return
    state = json.loads((state_dir / "state.json").read_text())
    if command == "idle":
        asyncio.run(idle(base, state, int(sys.argv[4])))
    elif command == "delivery":
        asyncio.run(delivery(base, state, sys.argv[4], (state_dir / "message.body").stat().st_size))
    else:
        sys.exit(f"unknown command {command}")


if __name__ == "__main__":
    main()
