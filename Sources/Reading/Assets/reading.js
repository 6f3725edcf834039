// The reading timer's count: the server's elapsed seconds when the page was drawn, plus the
// seconds since, while it runs. The server holds the timer, so a page brought back from the
// browser's history (which may be hours old) is drawn again rather than trusted.
(function () {
  "use strict";
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && document.getElementById("timer-count")) window.location.reload();
  });
  var count = document.getElementById("timer-count");
  if (!count || count.dataset.state !== "running") return;
  var elapsed = parseInt(count.dataset.elapsed, 10) || 0;
  var drawnAt = Date.now();
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    var seconds = elapsed + Math.max(0, Math.floor((Date.now() - drawnAt) / 1000));
    count.textContent = pad(Math.floor(seconds / 3600)) + ":" + pad(Math.floor(seconds / 60) % 60) + ":" + pad(seconds % 60);
  }
  window.setInterval(tick, 1000);
})();
