// Turns pushes to this browser on and off on /notifications/settings: registers /push-sw.js,
// subscribes with the server's key and sends the subscription to /notifications/push (with the
// form's CSRF field). Browsers without push keep the section hidden.
(function () {
  "use strict";
  const section = document.getElementById("web-push");
  if (!section || !("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return;
  const form = document.getElementById("web-push-form");
  const on = document.getElementById("web-push-on");
  const off = document.getElementById("web-push-off");
  const status = document.getElementById("web-push-status");

  function show(subscribed, message) {
    on.hidden = subscribed;
    off.hidden = !subscribed;
    status.textContent = status.dataset[message || (subscribed ? "on" : "off")];
  }

  function applicationServerKey() {
    const base64 = section.dataset.serverKey.replace(/-/g, "+").replace(/_/g, "/");
    const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    return Uint8Array.from(raw, (character) => character.charCodeAt(0));
  }

  async function post(action, fields) {
    const body = new URLSearchParams(new FormData(form));
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const response = await fetch(action, { method: "POST", body: body, credentials: "same-origin" });
    if (!response.ok && response.status !== 404) throw new Error(await response.text());
  }

  async function turnOn() {
    if (await Notification.requestPermission() !== "granted") return show(false, "denied");
    try {
      const registration = await navigator.serviceWorker.register("/push-sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      const subscription = (await registration.pushManager.getSubscription())
        || await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey() });
      const json = subscription.toJSON();
      await post(form.action, { endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth });
      show(true);
    } catch (error) {
      show(false, "failed");
    }
  }

  async function turnOff() {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = registration && await registration.pushManager.getSubscription();
    if (subscription) {
      await post(form.action + "/remove", { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    show(false);
  }

  on.addEventListener("click", turnOn);
  off.addEventListener("click", turnOff);
  section.hidden = false;
  navigator.serviceWorker.getRegistration("/").then(async (registration) => {
    const subscription = registration && await registration.pushManager.getSubscription();
    show(Boolean(subscription) && Notification.permission === "granted");
    section.dataset.ready = "true";
  });
})();
