"""The study socket under load (issue 10), each figure beside Vapor's bare websocket echo measured
in the same run:

- idle: IDLE Socket.IO connections, each joined to a uid with `changesocketid` and answering the
  server's pings, held past two ping intervals; the server's RSS growth per connection;
- delivery: PAIRS matched pairs, RATE chats a second for DURATION seconds sent over REST
  (`POST /v1/chat/{to}`, as the apps send), each timed from the request's first byte to its
  `chat` event at the recipient's socket. The ceiling times the same number of messages through
  the echo (a websocket round trip), paced the same way from the same client.

    python3 bench/study_sockets.py SPROUT_URL SPROUT_PID ECHO_URL ECHO_PID

Knobs from the environment: IDLE (10000), PAIRS (500), RATE (1000), DURATION (10), HOLD (12,
seconds idle connections are held; the bench starts Sprout with a 5 s ping interval).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import random
import statistics
import sys
import time
import urllib.parse
import urllib.request

import websockets

from study_setup import sign_in, study

IDLE = int(os.environ.get("IDLE", "10000"))
PAIRS = int(os.environ.get("PAIRS", "500"))
RATE = int(os.environ.get("RATE", "1000"))
DURATION = int(os.environ.get("DURATION", "10"))
HOLD = float(os.environ.get("HOLD", "12"))
OPENING = 200  # connections opened at once


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def ws_url(base: str, path: str) -> str:
    return base.replace("http://", "ws://") + path


async def connect(url: str):
    # No compression: neither side pays for a deflate context per connection.
    return await websockets.connect(url, compression=None, max_queue=64, open_timeout=60, ping_interval=None)


class StudySocket:
    """One Socket.IO client as the apps open it: websocket, namespace, `changesocketid`."""

    def __init__(self, connection, on_chat=None):
        self.connection = connection
        self.on_chat = on_chat
        self.closed = asyncio.get_running_loop().create_future()

    @classmethod
    async def open(cls, base: str, uid: str, on_chat=None) -> "StudySocket":
        connection = await connect(ws_url(base, "/socket.io/?EIO=4&transport=websocket"))
        assert (await connection.recv()).startswith("0{")
        await connection.send("40")
        assert (await connection.recv()).startswith("40")
        await connection.send(json.dumps(["changesocketid", uid]).join(["42", ""]))
        socket = cls(connection, on_chat)
        asyncio.create_task(socket.listen())
        return socket

    async def listen(self):
        try:
            async for message in self.connection:
                if message == "2":
                    await self.connection.send("3")
                elif message.startswith("42") and self.on_chat:
                    name, payload = json.loads(message[2:])[:2]
                    if name == "chat":
                        self.on_chat(payload)
        except websockets.ConnectionClosed:
            pass
        if not self.closed.done():
            self.closed.set_result(True)


async def open_all(count: int, opener) -> list:
    opened = []
    for start in range(0, count, OPENING):
        opened += await asyncio.gather(*(opener(index) for index in range(start, min(start + OPENING, count))))
    return opened


async def idle(base: str, pid: int, echo: str, echo_pid: int) -> None:
    before = rss_kib(pid)
    sockets = await open_all(IDLE, lambda index: StudySocket.open(base, f"idle{index:06d}"))
    opened = rss_kib(pid)
    await asyncio.sleep(HOLD)
    held = rss_kib(pid)
    dropped = sum(socket.closed.done() for socket in sockets)
    await asyncio.gather(*(socket.connection.close() for socket in sockets))

    echo_before = rss_kib(echo_pid)
    echoes = await open_all(IDLE, lambda _: connect(ws_url(echo, "/echo")))
    await asyncio.sleep(2)
    echo_held = rss_kib(echo_pid)
    await asyncio.gather(*(connection.close() for connection in echoes))

    per = (held - before) / IDLE
    echo_per = (echo_held - echo_before) / IDLE
    print(f"idle sockets: {IDLE} held {HOLD:.0f} s, {dropped} dropped; sprout RSS {before // 1024} → {opened // 1024} → "
          f"{held // 1024} MiB ({per:.1f} KiB each); echo RSS {echo_before // 1024} → {echo_held // 1024} MiB "
          f"({echo_per:.1f} KiB each); ratio {per / echo_per if echo_per > 0 else float('nan'):.2f}")


class HTTPConnection:
    """A keep-alive HTTP/1.1 connection: the standard library has no asyncio client."""

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, base: str) -> "HTTPConnection":
        host, port = urllib.parse.urlsplit(base).hostname, urllib.parse.urlsplit(base).port
        return cls(*await asyncio.open_connection(host, port))

    async def post(self, path: str, headers: dict, body: bytes) -> int:
        head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
        self.writer.write(f"POST {path} HTTP/1.1\r\nHost: bench\r\nContent-Length: {len(body)}\r\n{head}\r\n".encode() + body)
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        await self.reader.readexactly(length)
        return status


def matched_pairs(base: str) -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """PAIRS pairs of (idtoken, uid): signed in by phone, signed up, waiting side by side and
    matched over REST."""

    def person(index: int) -> tuple[str, str]:
        phone = f"+82107{index:07d}"
        token = sign_in(base, phone)
        form = (f"phoneNumber={urllib.parse.quote(phone)}&FCMtoken=&nick=b{index}&birth=1998-03-01T00%3A00%3A00.000Z"
                "&email=bench%40example.com&gender=1")
        assert study(base, "POST", "/v1/user", token, form) == 200
        assert study(base, "POST", "/v1/queue", token, f"lat={37.4 + index * 1e-4}&long=126.9&studylist=swift") == 200
        request = urllib.request.Request(base + "/v1/user", headers={"idtoken": token})
        with urllib.request.urlopen(request) as response:
            return token, json.loads(response.read())["uid"]

    def match(pair) -> None:
        (a_token, a_uid), (b_token, b_uid) = pair
        assert study(base, "POST", "/v1/queue/studyrequest", a_token, f"otheruid={b_uid}") == 200
        assert study(base, "POST", "/v1/queue/studyaccept", b_token, f"otheruid={a_uid}") == 200

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        people = list(pool.map(person, range(2 * PAIRS)))
        pairs = [(people[2 * i], people[2 * i + 1]) for i in range(PAIRS)]
        list(pool.map(match, pairs))
    return pairs


def figures(latencies: list[float]) -> str:
    if not latencies:
        return "nothing delivered"
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"p50 {statistics.median(ordered) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms"


async def paced(count: int, send) -> float:
    """Calls `send(i)` RATE times a second, `count` times, without waiting for each; answers the
    achieved rate."""
    started = time.perf_counter()
    tasks = []
    for index in range(count):
        delay = started + index / RATE - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(send(index)))
    await asyncio.gather(*tasks)
    return count / (time.perf_counter() - started)


async def delivery(base: str, echo: str) -> None:
    pairs = await asyncio.get_running_loop().run_in_executor(None, matched_pairs, base)
    sent_at: dict[str, float] = {}
    latencies: list[float] = []

    def arrived(chat: dict) -> None:
        started = sent_at.pop(chat["chat"], None)
        if started is not None:
            latencies.append(time.perf_counter() - started)

    sockets = await open_all(len(pairs), lambda i: StudySocket.open(base, pairs[i][1][1], arrived))
    connections = await asyncio.gather(*(HTTPConnection.open(base) for _ in range(64)))
    free: asyncio.Queue = asyncio.Queue()
    for connection in connections:
        free.put_nowait(connection)
    count = RATE * DURATION
    statuses: list[int] = []

    async def send(index: int) -> None:
        (a_token, _), (_, b_uid) = pairs[index % len(pairs)]
        text = f"m{index}"
        connection = await free.get()
        sent_at[text] = time.perf_counter()
        statuses.append(await connection.post(f"/v1/chat/{b_uid}", {
            "idtoken": a_token, "Content-Type": "application/x-www-form-urlencoded"}, f"chat={text}".encode()))
        free.put_nowait(connection)

    achieved = await paced(count, send)
    await asyncio.sleep(1)
    failed = sum(status != 200 for status in statuses)
    sprout = figures(latencies)
    delivered = len(latencies)
    for socket in sockets:
        await socket.connection.close()

    echo_sent: dict[str, float] = {}
    echo_latencies: list[float] = []
    echoes = await open_all(len(pairs), lambda _: connect(ws_url(echo, "/echo")))

    async def drain(connection):
        try:
            async for message in connection:
                echo_latencies.append(time.perf_counter() - echo_sent.pop(message))
        except websockets.ConnectionClosed:
            pass

    readers = [asyncio.create_task(drain(connection)) for connection in echoes]

    async def echo_send(index: int) -> None:
        text = f"m{index}"
        echo_sent[text] = time.perf_counter()
        await echoes[index % len(echoes)].send(text)

    echo_achieved = await paced(count, echo_send)
    await asyncio.sleep(1)
    for connection in echoes:
        await connection.close()
    await asyncio.gather(*readers)
    print(f"delivery: {count} chats between {len(pairs)} pairs at {achieved:.0f}/s ({failed} not 200), "
          f"{delivered} delivered, {sprout}; echo at {echo_achieved:.0f}/s, {figures(echo_latencies)}")


async def main() -> None:
    base, pid, echo, echo_pid = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    random.seed(1210)
    await idle(base, pid, echo, echo_pid)
    await delivery(base, echo)


if __name__ == "__main__":
    asyncio.run(main())
