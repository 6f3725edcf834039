"""schemathesis against the apps' OpenAPI documents (`pyhelpers.schemathesis_run`); the
platform's and the lessons booking API's run from files of their own."""
from __future__ import annotations

import pytest

from pyhelpers.schemathesis_run import run_schemathesis


@pytest.mark.parametrize("api, examples", [("phone-auth", 150), ("lessons", 60), ("market", 100), ("study", 100), ("reading", 100)])
def test_no_generated_request_gets_a_server_error(start_sprout, tmp_path, api, examples):
    run_schemathesis(start_sprout, tmp_path, api, examples)
