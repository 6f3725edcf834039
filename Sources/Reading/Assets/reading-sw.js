// The reading pages offline. Pages and Sprout's assets are answered from the network and kept;
// without a connection the kept copy is shown. Its scope is `/reading` (the server allows it with
// Service-Worker-Allowed), so the shelves at `/reading` itself are among the pages it answers, and a
// page online hands it its links to `/reading…`, which it keeps too: after one visit the pages one tap
// away open offline. A memo, a book's status or progress, or a timer action posted without a
// connection is kept in order in IndexedDB (which the pages read to show it as waiting), the browser is sent back to the page it came from
// (marked ?offline=queued), and the queue is sent when a reading page says the connection is back.
// Timer actions take effect when they arrive: the server holds the one timer and its clock.
"use strict";

const CACHE = "sprout-reading-v1";
const QUEUED_POSTS = [/^\/reading\/books\/[0-9a-f]{24}\/(memos|status|progress)$/, /^\/reading\/timer\/(start|pause|resume|stop|reset)$/];
// Enough for a shelf's covers and the tabs; a larger library is kept as its books are opened.
const KEPT_LINKS = 60;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "GET" && url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
  } else if (request.method === "GET" && isReadingPage(url)) {
    event.respondWith(networkFirst(request));
  } else if (request.method === "POST" && QUEUED_POSTS.some((pattern) => pattern.test(url.pathname))) {
    event.respondWith(sendOrQueue(request, url));
  }
});

// One flush at a time: the page asks on load and again on "online", and two flushes reading
// the queue at once would each send every memo.
let flushing = Promise.resolve();
self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "flush") return;
  const links = Array.isArray(event.data.links) ? event.data.links : [];
  flushing = flushing.then(flush, flush).then(() => keep(links));
  event.waitUntil(flushing);
});

// Assets are fingerprinted: a path never changes its bytes.
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = (await cache.match(request)) || (await cache.match(request, { ignoreSearch: true }));
    if (cached) return cached;
    if (request.mode === "navigate") return offlinePage();
    throw error;
  }
}

// The body is kept as bytes: a memo form is multipart and may carry a photo, which text would mangle.
async function sendOrQueue(request, url) {
  const body = await request.clone().arrayBuffer();
  try {
    return await fetch(request);
  } catch (error) {
    const type = request.headers.get("Content-Type") || "application/x-www-form-urlencoded";
    await enqueue({ url: url.pathname, body, type, takenAt: Date.now() });
    const next = type.startsWith("application/x-www-form-urlencoded") ? new URLSearchParams(new TextDecoder().decode(body)).get("next") : null;
    const back = next && next.startsWith("/") && !next.startsWith("//") ? next : url.pathname.replace(/\/(memos|status|progress)$/, "").replace(/\/timer\/\w+$/, "/timer");
    return Response.redirect(back + (back.includes("?") ? "&" : "?") + "offline=queued", 303);
  }
}

// Sends what was kept, oldest first, stopping at the first that still cannot leave. Any answer
// means the server has it: a memo it refused would be refused again.
async function flush() {
  let sent = 0;
  for (const item of await queued()) {
    try {
      // How long ago the reader acted, on this device's clock alone: a pause or stop counts from then.
      const age = String(Math.max(0, Math.round((Date.now() - (item.takenAt || Date.now())) / 1000)));
      await fetch(item.url, { method: "POST", body: item.body, headers: { "Content-Type": item.type, "Sprout-Action-Age": age }, credentials: "same-origin", redirect: "manual" });
    } catch (error) {
      break;
    }
    await dequeue(item.id);
    sent += 1;
  }
  if (sent > 0) {
    for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage("flushed");
  }
}

// Keeps the linked pages not kept yet; one already kept is renewed when it is opened. A page that
// fails or sends the browser elsewhere (signed out) is left out.
async function keep(links) {
  const cache = await caches.open(CACHE);
  for (const link of links.slice(0, KEPT_LINKS)) {
    const url = new URL(link, self.location.origin);
    if (url.origin !== self.location.origin || !isReadingPage(url) || await cache.match(url.href)) continue;
    try {
      const response = await fetch(url.href, { credentials: "same-origin" });
      if (response.ok && !response.redirected) await cache.put(url.href, response);
    } catch (error) {
      return;
    }
  }
}

function isReadingPage(url) {
  return (url.pathname === "/reading" || url.pathname.startsWith("/reading/")) && !url.pathname.endsWith(".csv") && !url.pathname.endsWith("/delete");
}

function offlinePage() {
  const html = "<!doctype html><html lang=\"ko\"><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" +
    "<title>오프라인 · Sprout</title><main id=\"offline\" style=\"font-family: sans-serif; padding: 24px\">" +
    "<h1>오프라인이에요</h1><p>연결되면 다시 보여드릴게요. You are offline.</p></main></html>";
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

function database() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("sprout-reading", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("queue", { keyPath: "id", autoIncrement: true });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

async function transaction(mode, work) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction("queue", mode);
    const result = work(tx.objectStore("queue"));
    tx.oncomplete = () => resolve(result.result);
    tx.onerror = () => reject(tx.error);
  });
}

const enqueue = (item) => transaction("readwrite", (store) => store.add(item));
const queued = () => transaction("readonly", (store) => store.getAll());
const dequeue = (id) => transaction("readwrite", (store) => store.delete(id));
