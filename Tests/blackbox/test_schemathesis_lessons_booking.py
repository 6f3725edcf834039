"""schemathesis against the lessons booking document (`pyhelpers.schemathesis_run`). A file of its
own, as the platform's: the suites run one file per worker (`--dist loadfile`), and the apps' runs
in one file already make the longest tail of the run."""
from __future__ import annotations

from pyhelpers.schemathesis_run import run_schemathesis


def test_no_generated_request_gets_a_server_error(start_sprout, tmp_path):
    run_schemathesis(start_sprout, tmp_path, "lessons-booking", 100)
