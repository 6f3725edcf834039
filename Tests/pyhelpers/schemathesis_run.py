"""Runs schemathesis against one OpenAPI document Sprout serves, signed in as that API expects:
no generated request may get a 5xx, every answer must match the schema its document gives for
its status, and the server is alive afterwards. Request bodies are generated from the documents'
schemas, so most cases reach the handlers' own checks rather than the decoders'.

The seed is fixed, so a run repeats exactly; a failure names the seed and the case to replay."""
from __future__ import annotations

import re
import subprocess
import uuid

import requests

from pyhelpers.lessons_api import LessonsAPI
from pyhelpers.study_api import phone_sign_in

SEED = "20261124"
MINIMUM_CASES = 1000
# SeSAC Study's contract answers 501 for bad or missing parameters (specs/study-api.md); every
# other 5xx is a server error there too.
STUDY_STATUSES = """[checks.not_a_server_error]
expected-statuses = ["2xx", "3xx", "4xx", "501"]
"""


def credentials(server, api: str) -> list[str]:
    base = server.base_url
    if api == "lessons":
        lessons = LessonsAPI(base, server.dev_key())
        session = lessons.sign_in()
        return ["-H", f"SesacKey: {server.dev_key()}", "-H", f"Authorization: {session['accessToken']}"]
    if api in ("market", "reading", "lessons-booking"):
        tag = uuid.uuid4().hex[:8]
        joined = requests.post(f"{base}/api/auth/join", json={"email": f"st-{tag}@example.com", "password": f"pw-{tag}-long", "name": f"st{tag}"}, timeout=30)
        assert joined.status_code == 200, joined.text
        return ["-H", f"Authorization: Bearer {joined.json()['accessToken']}"]
    if api == "study":
        return ["-H", f"idtoken: {phone_sign_in(base, '+8210' + str(uuid.uuid4().int)[:8])['idToken']}"]
    return []


def run_schemathesis(start_sprout, tmp_path, api: str, examples: int) -> None:
    server = start_sprout()
    config = tmp_path / "schemathesis.toml"
    config.write_text(STUDY_STATUSES if api == "study" else "")
    # One worker: with two, Hypothesis's lambda-source cache raced on Python 3.11 ("AST constructor
    # recursion depth mismatch") and schemathesis reported that as a runtime error.
    run = subprocess.run(
        ["st", "--config-file", str(config), "run", f"{server.base_url}/openapi/{api}.json", "--url", server.base_url,
         "--checks", "not_a_server_error,response_schema_conformance", "--max-examples", str(examples), "--seed", SEED, "--workers", "1",
         *credentials(server, api)],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
    )
    summary = run.stdout[-4000:]
    assert run.returncode == 0, summary
    generated = re.search(r"(\d+) generated", run.stdout)
    assert generated and int(generated.group(1)) >= MINIMUM_CASES, summary
    assert requests.get(f"{server.base_url}/healthz", timeout=10).status_code == 200
