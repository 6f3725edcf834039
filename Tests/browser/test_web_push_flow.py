"""Pushes to a browser: a seller turns notifications on for their phone's browser, closes the
page, a buyer writes, and the notification the push service delivers is shown by Sprout's worker.

Chromium subscribes through Google's push service, which a test machine cannot reach, so the
browser's `pushManager` hands out a subscription of the local push service instead
(`pyhelpers/fake_web_push.py`); everything else is real: the page's script, the server's
encryption and VAPID signature (checked and opened by the fake), and the worker, which receives
the opened payload through Chromium's DevTools push delivery and shows it.
"""
from __future__ import annotations

import json

import pytest
import requests
from playwright.sync_api import expect

from pyhelpers.fake_web_push import start_fake_push_service
from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server
from test_conversations_flow import join, log_in, product_of

# Stands in for the browser's push service subscription; `unsubscribe` forgets it as a browser does.
FAKE_PUSH_MANAGER = """
(subscription) => {
  // Kept across pages, as a browser keeps a subscription.
  const key = "fake-push-subscribed";
  const make = () => ({ endpoint: subscription.endpoint, toJSON: () => subscription,
                        unsubscribe: async () => { localStorage.removeItem(key); return true; } });
  PushManager.prototype.getSubscription = async function () { return localStorage.getItem(key) ? make() : null; };
  PushManager.prototype.subscribe = async function (options) {
    if (!options || !options.userVisibleOnly || !options.applicationServerKey || options.applicationServerKey.length !== 65) {
      throw new DOMException("bad options", "InvalidAccessError");
    }
    localStorage.setItem(key, "yes");
    return make();
  };
}
"""


@pytest.fixture(scope="module")
def push_service():
    service, server = start_fake_push_service()
    yield service
    server.shutdown()


@pytest.fixture(scope="module")
def push_server(tmp_path_factory, push_service):
    started = start_server(tmp_path_factory.mktemp("browser-push"), {
        **NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false", "SPROUT_WEB_PUSH_HOSTS": push_service.origin,
    })
    yield started
    started.stop()


@pytest.mark.parametrize("locale, width", [("ko-KR", 360), ("en-US", 1280)])
def test_a_message_while_the_page_is_closed_is_pushed_and_shown(browser, push_server, push_service, screenshot_dir, locale, width):
    base = push_server.base_url
    seller, buyer = join(base, "판매자"), join(base, "Buyer")
    product = product_of(base, seller)
    subscription = push_service.subscription()
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 800})
    context.grant_permissions(["notifications"], origin=base)
    context.add_init_script(f"({FAKE_PUSH_MANAGER})({json.dumps(subscription)})")
    errors: list[str] = []
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        log_in(page, base, seller["email"])
        page.goto(base + "/notifications/settings")
        expect(page.locator("#web-push")).to_be_visible()
        expect(page.locator("#web-push-off")).to_be_hidden()
        page.click("#web-push-on")
        expect(page.locator("#web-push-off")).to_be_visible()
        expect(page.locator("#web-push-on")).to_be_hidden()
        on_text = "이 브라우저로 알림을 보내요." if locale == "ko-KR" else "Notifications come to this browser."
        expect(page.locator("#web-push-status")).to_have_text(on_text)
        page.screenshot(path=str(screenshot_dir / f"web-push-settings-{locale}-{width}.png"), full_page=True)
        worker = None
        for _ in range(100):
            worker = page.evaluate("""async () => {
                const registration = await navigator.serviceWorker.getRegistration('/');
                return registration && registration.active && registration.active.state === 'activated' ? registration.active.scriptURL : null;
            }""")
            if worker:
                break
            page.wait_for_timeout(100)
        assert worker == base + "/push-sw.js"

        # No page of Sprout is open: the notification is pushed.
        page.goto("about:blank")
        opened = requests.post(base + "/api/conversations", timeout=30, headers={"Authorization": "Bearer " + buyer["accessToken"]},
                               json={"about": {"app": "market", "id": str(product)}, "text": "Is the bike still for sale?"})
        opened.raise_for_status()
        conversation = opened.json()
        push = push_service.wait_for(subscription["endpoint"])[0]
        assert push_service.refused == []
        expected = "Buyer님의 메시지: Is the bike still for sale?" if locale == "ko-KR" else "Buyer: Is the bike still for sale?"
        assert push.payload["body"] == expected

        # The worker shows what the push service delivered.
        page.goto(base + "/notifications/settings")
        cdp = context.new_cdp_session(page)
        registrations: list[dict] = []
        cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: registrations.extend(event["registrations"]))
        cdp.send("ServiceWorker.enable")
        for _ in range(50):
            if any(r["scopeURL"] == base + "/" for r in registrations):
                break
            page.wait_for_timeout(100)
        live = [r for r in registrations if r["scopeURL"] == base + "/" and not r.get("isDeleted")]
        shown = None
        # The worker may still be starting when the first push is delivered: deliver again until shown.
        for _ in range(5):
            cdp.send("ServiceWorker.deliverPushMessage", {"origin": base, "registrationId": live[-1]["registrationId"],
                                                           "data": json.dumps(push.payload)})
            for _ in range(20):
                shown = page.evaluate("""async () => {
                    const notes = await (await navigator.serviceWorker.getRegistration('/')).getNotifications();
                    return notes.map((n) => ({ title: n.title, body: n.body, tag: n.tag, link: n.data.link }));
                }""")
                if shown:
                    break
                page.wait_for_timeout(100)
            if shown:
                break
        assert shown == [{"title": "Sprout", "body": expected, "tag": push.payload["tag"], "link": push.payload["link"]}]
        assert push.payload["link"] == f"/inbox/{conversation['web_id']}"
        assert conversation["id"] not in json.dumps(push.payload), "a conversation's id is in no push"

        # Turning it off forgets this browser on the server.
        expect(page.locator("#web-push-status")).to_have_text(on_text)
        page.click("#web-push-off")
        expect(page.locator("#web-push-on")).to_be_visible()
        expect(page.locator("#web-push-off")).to_be_hidden()
        gone = requests.delete(base + "/api/push/subscriptions", timeout=30, headers={"Authorization": "Bearer " + seller["accessToken"]},
                               json={"endpoint": subscription["endpoint"]})
        assert gone.status_code == 404, gone.text
        assert errors == []
    finally:
        context.close()
