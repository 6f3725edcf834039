"""A local push service for Web Push tests: the browser's side of a subscription and the push
service it names, written from the RFCs with Python's `cryptography`, independently of Sprout.

`subscription()` makes what a browser's `PushSubscription.toJSON()` holds (an endpoint here, a
fresh P-256 key pair and auth secret); each POST to an endpoint is checked as a push service
checks it (RFC 8030 headers, the VAPID token of RFC 8292 verified against its `k`, its `aud`,
`exp` and `sub`) and then opened as the browser would (RFC 8291 `aes128gcm`). A test reads the
opened payloads, or scripts an answer (410 Gone, 429 with Retry-After) for an endpoint.
"""
from __future__ import annotations

import base64
import json
import secrets
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """One subscription: the keys only the browser holds."""
    token: str
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes

    def public_bytes(self) -> bytes:
        return self.private_key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)


@dataclass
class Delivery:
    token: str
    payload: dict
    headers: dict
    vapid_key: str
    claims: dict


@dataclass
class FakePushService:
    browsers: dict[str, Browser] = field(default_factory=dict)
    delivered: list[Delivery] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)
    scripted: dict[str, list[tuple[int, dict]]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    origin: str = ""

    def subscription(self) -> dict:
        token = secrets.token_urlsafe(16)
        browser = Browser(token, ec.generate_private_key(ec.SECP256R1()), secrets.token_bytes(16))
        with self.lock:
            self.browsers[token] = browser
        return {"endpoint": f"{self.origin}/push/{token}", "expirationTime": None,
                "keys": {"p256dh": b64url(browser.public_bytes()), "auth": b64url(browser.auth)}}

    def answer(self, endpoint: str, status: int, headers: dict | None = None, times: int = 1) -> None:
        """The next `times` pushes to `endpoint` get `status` instead of 201."""
        token = endpoint.rsplit("/", 1)[-1]
        with self.lock:
            self.scripted.setdefault(token, []).extend([(status, headers or {})] * times)

    def deliveries(self, endpoint: str | None = None) -> list[Delivery]:
        token = endpoint.rsplit("/", 1)[-1] if endpoint else None
        with self.lock:
            return [d for d in self.delivered if token is None or d.token == token]

    def wait_for(self, endpoint: str, count: int = 1, timeout: float = 20) -> list[Delivery]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.deliveries(endpoint)
            if len(found) >= count:
                return found
            time.sleep(0.1)
        raise AssertionError(f"{count} push(es) to {endpoint} never came; got {len(self.deliveries(endpoint))}, "
                             f"refused {self.refused}")

    # The push service's side

    def receive(self, token: str, headers: dict, body: bytes) -> tuple[int, dict]:
        with self.lock:
            browser = self.browsers.get(token)
            script = self.scripted.get(token)
            scripted = script.pop(0) if script else None
        if browser is None:
            return 404, {}
        try:
            vapid_key, claims = self.check_vapid(headers)
            if headers.get("content-encoding") != "aes128gcm":
                raise ValueError("Content-Encoding is not aes128gcm")
            if not headers.get("ttl", "").isdigit():
                raise ValueError("no TTL header (RFC 8030 §5.2 requires one)")
            payload = json.loads(self.open(browser, body))
        except Exception as error:  # a push service answers a bad push with 400 and keeps nothing
            with self.lock:
                self.refused.append((token, repr(error)))
            return 400, {}
        if scripted:
            return scripted
        with self.lock:
            self.delivered.append(Delivery(token, payload, headers, vapid_key, claims))
        return 201, {"Location": f"{self.origin}/message/{secrets.token_hex(4)}"}

    def check_vapid(self, headers: dict) -> tuple[str, dict]:
        scheme, _, params = headers.get("authorization", "").partition(" ")
        if scheme.lower() != "vapid":
            raise ValueError("no vapid authorization")
        fields = dict(part.strip().split("=", 1) for part in params.split(","))
        header_b64, claims_b64, signature_b64 = fields["t"].split(".")
        key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(fields["k"]))
        signature = unb64url(signature_b64)
        der = encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
        key.verify(der, f"{header_b64}.{claims_b64}".encode(), ec.ECDSA(hashes.SHA256()))
        if json.loads(unb64url(header_b64)) != {"typ": "JWT", "alg": "ES256"}:
            raise ValueError("not an ES256 JWT")
        claims = json.loads(unb64url(claims_b64))
        if claims.get("aud") != self.origin:
            raise ValueError(f"aud {claims.get('aud')} is not {self.origin}")
        if not time.time() < claims["exp"] <= time.time() + 24 * 3600:
            raise ValueError("exp is past or more than a day away")
        if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
            raise ValueError("sub is neither mailto: nor https:")
        return fields["k"], claims

    @staticmethod
    def open(browser: Browser, body: bytes) -> bytes:
        salt, record_size, id_length = body[:16], int.from_bytes(body[16:20], "big"), body[20]
        server_public = body[21:21 + id_length]
        ciphertext = body[21 + id_length:]
        if len(ciphertext) > record_size:
            raise ValueError("more than one record")
        shared = browser.private_key.exchange(
            ec.ECDH(), ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), server_public))
        key_info = b"WebPush: info\x00" + browser.public_bytes() + server_public
        ikm = HKDF(hashes.SHA256(), 32, browser.auth, key_info).derive(shared)
        cek = HKDF(hashes.SHA256(), 16, salt, b"Content-Encoding: aes128gcm\x00").derive(ikm)
        nonce = HKDF(hashes.SHA256(), 12, salt, b"Content-Encoding: nonce\x00").derive(ikm)
        plaintext = AESGCM(cek).decrypt(nonce, ciphertext, None)
        if not plaintext.endswith(b"\x02"):
            raise ValueError("the last record does not end with the 0x02 delimiter")
        return plaintext[:-1]


def start_fake_push_service(host: str = "127.0.0.1") -> tuple[FakePushService, ThreadingHTTPServer]:
    """Serves the fake on a free port; the caller shuts the server down."""
    service = FakePushService()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (http.server's name)
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            token = self.path.rsplit("/", 1)[-1] if self.path.startswith("/push/") else ""
            status, headers = service.receive(token, {k.lower(): v for k, v in self.headers.items()}, body)
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer((host, 0), Handler)
    service.origin = f"http://{host}:{server.server_address[1]}"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return service, server
