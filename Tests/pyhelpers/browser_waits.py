"""Waiting in a page for a condition, as the pages' Content Security Policy allows."""
from __future__ import annotations

import time

from playwright.sync_api import Error, Page


def wait_until(page: Page, expression: str, arg=None, timeout: float = 30) -> None:
    """Waits until `expression` (a JavaScript expression or function, as `page.evaluate` takes it,
    with `arg`) is truthy in `page`. `page.wait_for_function` evaluates it again with `eval` at
    each poll, which the pages' `script-src 'self'` refuses, so it failed whenever the first check
    was not already true (a photo still loading on a busy machine); each `page.evaluate` is a
    DevTools evaluation, which the policy leaves alone. A navigation under way counts as not yet."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if page.evaluate(expression, arg):
                return
        except Error as error:
            if "context was destroyed" not in str(error) and "navigat" not in str(error):
                raise
        if time.monotonic() > deadline:
            raise AssertionError(f"still not true after {timeout} s: {expression}")
        page.wait_for_timeout(50)
