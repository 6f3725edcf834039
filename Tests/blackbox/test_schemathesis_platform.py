"""schemathesis against the platform's OpenAPI document (`pyhelpers.schemathesis_run`). A file
of its own: the suites run one file per worker (`--dist loadfile`), and this run is the longest
single test there is (about 3 minutes), so it runs beside the apps' runs instead of after them."""
from __future__ import annotations

from pyhelpers.schemathesis_run import run_schemathesis


def test_no_generated_request_gets_a_server_error(start_sprout, tmp_path):
    run_schemathesis(start_sprout, tmp_path, "platform", 200)
