// The reading pages' scripts: the timer's count, and the offline queue's worker.
(function () {
  "use strict";

  // The count: the server's elapsed seconds when the page was drawn, plus the seconds since,
  // while it runs. The server holds the timer, so a page brought back from the browser's history
  // (which may be hours old) is drawn again rather than trusted.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && document.getElementById("timer-count")) window.location.reload();
  });
  var count = document.getElementById("timer-count");
  if (count && count.dataset.state === "running") {
    var elapsed = parseInt(count.dataset.elapsed, 10) || 0;
    var drawnAt = Date.now();
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    window.setInterval(function () {
      var seconds = elapsed + Math.max(0, Math.floor((Date.now() - drawnAt) / 1000));
      count.textContent = pad(Math.floor(seconds / 3600)) + ":" + pad(Math.floor(seconds / 60) % 60) + ":" + pad(seconds % 60);
    }, 1000);
  }

  // A book's status or rating saves when chosen; without scripts Save sends it.
  Array.prototype.forEach.call(document.querySelectorAll("form[data-autosave]"), function (form) {
    var save = form.querySelector(".save-button");
    if (save) save.hidden = true;
    form.addEventListener("change", function () { form.submit(); });
  });

  // A new order shows at once; without scripts the search button applies it.
  Array.prototype.forEach.call(document.querySelectorAll("select[data-autosubmit]"), function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
  });

  // Offline: /reading/sw.js keeps the pages and queues memos, status changes and timer actions; a
  // reading page online asks it to send the queue and keep the pages it links to, and shows the
  // server's truth once the queue is sent.
  if (!("serviceWorker" in navigator) || window.location.pathname.indexOf("/reading") !== 0) return;
  if (/[?&]offline=queued/.test(window.location.search)) {
    var notice = document.createElement("p");
    notice.id = "offline-queued";
    notice.className = "notice";
    notice.setAttribute("role", "status");
    notice.textContent = document.documentElement.lang === "en"
      ? "You are offline: this will be sent when the connection is back."
      : "오프라인이에요. 연결되면 보낼게요.";
    var main = document.getElementById("main");
    if (main) main.insertBefore(notice, main.firstChild);
  }
  // The scope is /reading, not the default /reading/, so the shelves themselves are kept. A worker
  // registered before at /reading/ would go on answering every page below it: it is let go.
  navigator.serviceWorker.register("/reading/sw.js", { scope: "/reading" }).catch(function () {});
  navigator.serviceWorker.getRegistrations().then(function (registrations) {
    registrations.forEach(function (registration) {
      if (new URL(registration.scope).pathname === "/reading/") registration.unregister();
    });
  });
  // The active worker, not the controller: on the first visit the worker claims the page only after
  // it is ready, and the pages linked from this one should be kept from that first visit on.
  var flush = function () {
    if (!navigator.onLine) return;
    navigator.serviceWorker.ready.then(function (registration) {
      var links = Array.prototype.map.call(document.querySelectorAll("a[href^='/reading']"), function (a) { return a.getAttribute("href"); });
      registration.active.postMessage({ type: "flush", links: [window.location.pathname + window.location.search].concat(links) });
    });
  };
  navigator.serviceWorker.addEventListener("message", function (event) {
    if (event.data === "flushed") window.location.replace(window.location.pathname + window.location.search.replace(/[?&]offline=queued/, "").replace(/^&/, "?"));
  });
  window.addEventListener("online", flush);
  flush();
})();
