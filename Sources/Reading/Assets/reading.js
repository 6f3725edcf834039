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

  // An ISBN from the camera: where the browser has a barcode detector that reads EAN-13 (the
  // barcode on a book's back is its ISBN-13), the search offers it; the first ISBN seen is searched.
  // Elsewhere the button stays hidden and the field takes the ISBN typed.
  var scan = document.getElementById("barcode-scan");
  var scanner = document.getElementById("barcode-dialog");
  if (scan && scanner && "BarcodeDetector" in window && navigator.mediaDevices && navigator.mediaDevices.getUserMedia &&
      typeof scanner.showModal === "function") {
    var video = document.getElementById("barcode-video");
    var scanStatus = document.getElementById("barcode-status");
    var stream = null;
    var looking = 0;
    var stopCamera = function () {
      window.clearTimeout(looking);
      if (stream) stream.getTracks().forEach(function (track) { track.stop(); });
      stream = null;
      video.srcObject = null;
    };
    window.BarcodeDetector.getSupportedFormats().then(function (formats) {
      if (formats.indexOf("ean_13") !== -1) scan.hidden = false;
    }).catch(function () {});
    scanner.addEventListener("close", stopCamera);
    document.getElementById("barcode-close").addEventListener("click", function () { scanner.close(); });
    scan.addEventListener("click", function () {
      var detector = new window.BarcodeDetector({ formats: ["ean_13"] });
      scanStatus.textContent = scanStatus.dataset.looking;
      scanner.showModal();
      navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }).then(function (media) {
        if (!scanner.open) { media.getTracks().forEach(function (track) { track.stop(); }); return; }
        stream = media;
        video.muted = true;
        video.srcObject = media;
        return video.play().then(function () {
          var look = function () {
            if (!stream) return;
            detector.detect(video).then(function (codes) {
              var isbn = codes.map(function (code) { return code.rawValue; }).filter(function (value) { return /^97[89]\d{10}$/.test(value); })[0];
              if (!isbn) { looking = window.setTimeout(look, 200); return; }
              var field = document.getElementById("catalog-q");
              field.value = isbn;
              scanner.close();
              field.form.submit();
            }, function () { looking = window.setTimeout(look, 200); });
          };
          look();
        });
      }).catch(function () {
        stopCamera();
        scanStatus.textContent = scanStatus.dataset.denied;
      });
    });
  }

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
  // What waits in the offline queue shows as waiting where it was done, not as if it were ignored:
  // the page drawn from the kept copy has the server's last answer, so a queued status or rating is
  // put back into its control, and the control, the book's card on the shelves or the timer gets a
  // note. Once the queue is sent the page is drawn again from the server, without them.
  var pendingText = document.documentElement.lang === "en" ? "Pending — saves when online" : "대기 중 · 온라인이 되면 저장돼요";
  var markPending = function (element) {
    if (!element || element.querySelector(".pending-note")) return;
    var note = document.createElement("p");
    note.className = "pending-note";
    note.setAttribute("role", "status");
    note.textContent = pendingText;
    element.classList.add("pending");
    element.appendChild(note);
  };
  var queued = function () {
    return new Promise(function (resolve) {
      if (!window.indexedDB) { resolve([]); return; }
      var open = indexedDB.open("sprout-reading", 1);
      open.onupgradeneeded = function () { open.result.createObjectStore("queue", { keyPath: "id", autoIncrement: true }); };
      open.onerror = function () { resolve([]); };
      open.onsuccess = function () {
        var db = open.result;
        var done = function (items) { db.close(); resolve(items); };
        try {
          var request = db.transaction("queue", "readonly").objectStore("queue").getAll();
          request.onsuccess = function () { done(request.result || []); };
          request.onerror = function () { done([]); };
        } catch (error) { done([]); }
      };
    });
  };
  var forms = { status: "status-form", memos: "memo-form", progress: "progress-form" };
  queued().then(function (items) {
    items.forEach(function (item) {
      var url = String(item.url || "");
      if (/^\/reading\/timer\//.test(url)) { markPending(document.getElementById("timer")); return; }
      var match = /^\/reading\/books\/([0-9a-f]{24})\/(memos|status|progress)$/.exec(url);
      if (!match) return;
      markPending(document.querySelector("#books li[data-id='" + match[1] + "']"));
      var form = document.getElementById(forms[match[2]]);
      if (!form || form.getAttribute("action") !== url) return;
      markPending(form);
      if (match[2] !== "status" || !(item.body instanceof ArrayBuffer)) return;
      var fields = new URLSearchParams(new TextDecoder().decode(item.body));
      ["status", "rating"].forEach(function (name) {
        var value = fields.get(name);
        var choice = value && /^[a-z0-9-]+$/.test(value) && form.querySelector("input[name=" + name + "][value='" + value + "']");
        if (choice) choice.checked = true;
      });
    });
  });
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
