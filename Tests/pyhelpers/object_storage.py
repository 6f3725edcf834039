"""A real S3 implementation for the object-storage tests (moto's standalone server, which speaks
S3's REST API), a plain client of its bucket listing, and a proxy in front of it that can fail
uploads from a chosen one on, as a store going away in the middle of a request does."""
from __future__ import annotations

import http.client
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import boto3
from moto.server import ThreadedMotoServer

from pyhelpers.sprout_server import free_port

BUCKET = "sprout-uploads"


class Bucket:
    """The bucket as its operator sees it, through boto3 (moto's own dependency)."""

    def __init__(self, endpoint: str, name: str = BUCKET):
        self.name = name
        self.s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1",
                               aws_access_key_id="testing", aws_secret_access_key="testing")

    def create(self) -> None:
        self.s3.create_bucket(Bucket=self.name)

    def keys(self) -> set[str]:
        return {item["Key"] for item in self.s3.list_objects_v2(Bucket=self.name).get("Contents", [])}

    def read(self, key: str) -> bytes:
        return self.s3.get_object(Bucket=self.name, Key=key)["Body"].read()


def start_moto() -> tuple[ThreadedMotoServer, str]:
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    return server, f"http://127.0.0.1:{port}"


class FailingProxy:
    """Forwards to `upstream`; once `fail_puts_after` uploads have passed, answers every further
    PUT with 503 (the store went away mid-request)."""

    def __init__(self, upstream: str):
        self.upstream = upstream.removeprefix("http://")
        self.fail_puts_after: int | None = None
        self.puts = 0
        self.lock = threading.Lock()
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def forward(self):
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length) if length else None
                if self.command == "PUT":
                    with proxy.lock:
                        proxy.puts += 1
                        failing = proxy.fail_puts_after is not None and proxy.puts > proxy.fail_puts_after
                    if failing:
                        self.send_response(503)
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                        return
                connection = http.client.HTTPConnection(proxy.upstream, timeout=10)
                connection.request(self.command, self.path, body=body, headers=dict(self.headers))
                answer = connection.getresponse()
                data = answer.read()
                self.send_response(answer.status)
                for name, value in answer.getheaders():
                    if name.lower() not in ("transfer-encoding", "connection", "content-length"):
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(data)

            do_GET = do_PUT = do_DELETE = do_HEAD = forward

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()


def s3_settings(endpoint: str, bucket: str = BUCKET, **extra: str) -> dict[str, str]:
    return {"SPROUT_STORAGE": "s3", "SPROUT_S3_ENDPOINT": endpoint, "SPROUT_S3_BUCKET": bucket, "SPROUT_S3_REGION": "us-east-1",
            "SPROUT_S3_ACCESS_KEY_ID": "testing", "SPROUT_S3_SECRET_ACCESS_KEY": "testing", **extra}
