// Sprout's push worker (/push-sw.js, scope "/"): shows what the server pushed while no page of
// Sprout was open, and opens its page when tapped. It keeps nothing and handles no fetch, so it
// never stands between a page and the network (the reading app's offline worker does that for
// /reading).
"use strict";

self.addEventListener("push", (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch (error) {
    payload = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(self.registration.showNotification(payload.title || "Sprout", {
    body: payload.body || "",
    tag: payload.tag || undefined,
    icon: "/favicon.svg",
    data: { link: payload.link || "/notifications" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const link = new URL((event.notification.data && event.notification.data.link) || "/notifications", self.location.origin);
  // Only Sprout's own pages: a link is never a way out to another site.
  if (link.origin !== self.location.origin) return;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
    const open = windows.find((client) => client.url === link.href);
    return open ? open.focus() : self.clients.openWindow(link.href);
  }));
});
