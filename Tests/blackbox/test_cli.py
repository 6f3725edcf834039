"""The `sprout` command line: subcommands, the data directory it creates, and failing fast."""
from __future__ import annotations

import os
import re
import socket
import stat
import time
from urllib.parse import urlsplit

import pytest

from pyhelpers.lessons_api import LessonsAPI, expect_status
from pyhelpers.market_api import MarketAPI
from pyhelpers.sprout_server import free_port, run_cli

DEMO_EMAIL, DEMO_PASSWORD = "demo@sprout.local", "sprout-demo"


@pytest.mark.parametrize("args", [
    [], ["serve"], ["migrate"], ["seed"], ["keys"], ["keys", "create"], ["keys", "list"],
], ids=lambda args: " ".join(args) or "sprout")
def test_every_command_has_help(tmp_path, args):
    result = run_cli(tmp_path, *args, "--help", timeout=30)
    assert result.returncode == 0, result.stderr
    assert "usage" in (result.stdout + result.stderr).lower()
    assert "sprout restore PATH" in result.stdout
    assert not (tmp_path / "data").exists(), "--help touches nothing"


@pytest.mark.parametrize("args", [["serv"], ["keyz", "list"], ["restore", "--help"]], ids=" ".join)
def test_a_mistyped_command_or_restore_help_touches_nothing(tmp_path, args):
    result = run_cli(tmp_path, *args, env={"DATABASE_URL": "postgres://nobody:nothing@127.0.0.1:1/none"}, timeout=30)
    if args[-1] == "--help":
        assert result.returncode == 0 and "Usage" in result.stdout
    else:
        assert result.returncode == 64 and f'no command "{args[0]}"' in result.stderr, result.stderr
    assert not (tmp_path / "data").exists()


def test_serve_creates_database_and_private_secrets(start_sprout):
    data = start_sprout().data_dir
    assert (data / "sprout.sqlite").is_file()
    for secret in ("jwt-secret", "dev-api-key", "vapid-private-key"):
        assert stat.S_IMODE((data / secret).stat().st_mode) == 0o600, secret
    lines = (data / "dev-api-key").read_text().splitlines()
    assert len(lines) == 1 and lines[0].strip()


def test_serve_prints_url_demo_account_and_key_but_never_the_secret(start_sprout):
    server = start_sprout()
    secret = (server.data_dir / "jwt-secret").read_text().strip()
    # Read after a graceful stop: stdout to a file is block-buffered until the process exits.
    assert server.stop() == 0
    output = server.output()
    assert server.base_url.removeprefix("http://") in output
    assert DEMO_EMAIL in output
    assert server.dev_key() in output
    assert secret not in output


def test_a_real_deployment_has_no_demo_accounts_and_no_dev_key(tmp_path, start_sprout):
    """Issue 29: with an https public address (or `--env production`) nothing is seeded with the
    published password, no dev key is registered or printed, and the banner names only what exists."""
    deployment = {"SPROUT_PUBLIC_URL": "https://sprout.example", "SPROUT_DEMO_DATA": ""}
    created = run_cli(tmp_path, "keys", "create", "ios-app", env=deployment)
    assert created.returncode == 0, created.stderr
    server = start_sprout(deployment)
    assert not (server.data_dir / "dev-api-key").exists()
    api = LessonsAPI(server.base_url, created.stdout.strip().splitlines()[-1])
    expect_status(api.login(DEMO_EMAIL, DEMO_PASSWORD), 401)
    assert server.stop() == 0
    assert "sprout-demo" not in server.output() and "Dev API key" not in server.output()


def test_a_key_is_revoked_by_name(tmp_path, start_sprout):
    created = run_cli(tmp_path, "keys", "create", "old-app")
    key = created.stdout.strip().splitlines()[-1]
    revoked = run_cli(tmp_path, "keys", "revoke", "old-app")
    assert revoked.returncode == 0, revoked.stderr
    assert "old-app" not in run_cli(tmp_path, "keys", "list").stdout
    again = run_cli(tmp_path, "keys", "revoke", "old-app")
    assert again.returncode != 0 and 'no API key named "old-app"' in again.stderr
    server = start_sprout({"SPROUT_DEMO_DATA": "false"})
    api = LessonsAPI(server.base_url, key)
    expect_status(api.request("POST", "/v1/validation/email", json={"email": "free@example.com"}), 420)


def test_serve_is_the_default_command(start_sprout):
    # Bare `sprout` listens on Vapor's default address, so this needs that port to be free.
    with socket.socket() as probe:
        if probe.connect_ex(("127.0.0.1", 8080)) == 0:
            pytest.skip("127.0.0.1:8080 is in use")
    # start_sprout waits for /healthz, so starting at all is the assertion.
    start_sprout(port=8080, args=[])


def test_first_run_seeds_the_demo_account(api):
    expect_status(api.login(DEMO_EMAIL, DEMO_PASSWORD), 200)


def test_demo_data_can_be_turned_off(start_sprout):
    server = start_sprout({"SPROUT_DEMO_DATA": "false"})
    api = LessonsAPI(server.base_url, server.dev_key())
    expect_status(api.login(DEMO_EMAIL, DEMO_PASSWORD), 401)


def test_migrate_seed_and_keys_prepare_a_data_directory(tmp_path, start_sprout):
    for args in (["migrate"], ["seed"]):
        result = run_cli(tmp_path, *args)
        assert result.returncode == 0, f"{args}: {result.stderr}"

    created = run_cli(tmp_path, "keys", "create", "ci-bot")
    assert created.returncode == 0, created.stderr
    key = created.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"sk_\S+", key), created.stdout

    listed = run_cli(tmp_path, "keys", "list")
    assert listed.returncode == 0, listed.stderr
    assert any("ci-bot" in line for line in listed.stdout.splitlines()), listed.stdout

    # Demo data off: the demo account below can only come from `sprout seed`.
    server = start_sprout({"SPROUT_DEMO_DATA": "false"})
    api = LessonsAPI(server.base_url, key)
    expect_status(api.request("POST", "/v1/validation/email", json={"email": "free@example.com"}), 200)
    expect_status(api.login(DEMO_EMAIL, DEMO_PASSWORD), 200)


def serve_until_it_exits(workdir, env=None):
    started = time.monotonic()
    result = run_cli(workdir, "serve", "--hostname", "127.0.0.1", "--port", str(free_port()),
                     env=env, timeout=30)
    return result, time.monotonic() - started


def assert_one_line_failure(result, seconds):
    assert result.returncode != 0
    assert seconds < 20, f"took {seconds:.1f}s to give up"
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("sprout: "), result.stderr


def test_corrupt_database_fails_fast_with_one_line(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "sprout.sqlite").write_bytes(os.urandom(4096))
    assert_one_line_failure(*serve_until_it_exits(tmp_path))


def test_unreachable_postgres_fails_fast_with_one_line(tmp_path):
    env = {"DATABASE_URL": "postgres://u:p@127.0.0.1:1/x"}
    assert_one_line_failure(*serve_until_it_exits(tmp_path, env))


def test_a_backup_taken_while_serving_restores_exactly_that_moment(tmp_path, start_sprout):
    env = {"SPROUT_DEMO_DATA": "false"}
    server = start_sprout(env)
    market = MarketAPI(server.base_url)
    seller = market.new_vendor()
    kept = market.create_product(seller)
    backup = tmp_path / "backup"
    taken = run_cli(tmp_path, "backup", str(backup), env=env)
    assert taken.returncode == 0, taken.stderr
    later = market.create_product(seller)
    busy = run_cli(tmp_path, "restore", str(backup), env=env)
    assert busy.returncode != 0 and "is in use by another sprout; stop it first" in busy.stderr, busy.stderr
    assert market.detail(later["id"]).status_code == 200, "nothing was replaced under the running server"
    server.stop()

    assert run_cli(tmp_path, "backup", str(backup), env=env).returncode != 0, "never over an existing folder"
    restored = run_cli(tmp_path, "restore", str(backup), env=env)
    assert restored.returncode == 0, restored.stderr

    server = start_sprout(env)
    market = MarketAPI(server.base_url)
    assert market.detail(kept["id"]).status_code == 200
    assert market.detail(later["id"]).status_code == 404
    image_path = urlsplit(kept["images"][0]["url"]).path  # the URL names the first server's port
    assert market.fetch(server.base_url + image_path).status_code == 200
    assert LessonsAPI(server.base_url, server.dev_key()).request("POST", "/v1/validation/email", json={"email": "x@y.z"}).status_code == 200, \
        "the dev key came back with the secrets"
    assert (backup / "vapid-private-key").read_text() == (server.data_dir / "vapid-private-key").read_text(), \
        "the Web Push key is backed up: browsers subscribed to its public half"
