// Session times are written in Korean time; a viewer elsewhere also sees them in their own zone.
(() => {
  const seoulOffset = -540;
  if (new Date().getTimezoneOffset() === seoulOffset || !window.Intl) return;
  const format = new Intl.DateTimeFormat([], { weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  function annotate(root) {
    for (const option of root.querySelectorAll("option[data-starts]:not([data-local])")) {
      option.dataset.local = "true";
      option.textContent += " (" + format.format(new Date(option.dataset.starts)) + ")";
    }
    for (const time of root.querySelectorAll("time.session-time, time.session-when")) {
      if (time.nextElementSibling && time.nextElementSibling.classList.contains("local-time")) continue;
      const local = document.createElement("span");
      local.className = "local-time";
      local.textContent = " (" + format.format(new Date(time.dateTime)) + ")";
      time.after(local);
    }
  }
  annotate(document);
  new MutationObserver(() => annotate(document)).observe(document.body, { childList: true, subtree: true });
})();
