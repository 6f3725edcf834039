// Live conversations and badges, over the account's event stream (GET /api/events, Server-Sent
// Events with the session cookie). Without scripts every page still works: it is current when
// loaded, and forms post as usual.
(() => {
  const inboxLink = document.getElementById("inbox-link");
  if (!inboxLink || !window.EventSource || !window.fetch) return;
  const messages = document.getElementById("messages");
  const conversationID = messages && messages.dataset.conversation;
  const me = messages && messages.dataset.me;

  function setBadge(name, count) {
    const link = document.getElementById(name + "-link");
    const badge = document.getElementById(name + "-badge");
    if (!link || !badge) return;
    badge.textContent = count > 99 ? "99+" : String(count);
    badge.hidden = count === 0;
    link.setAttribute("aria-label", count > 0 ? `${link.dataset.label} ${count}` : link.dataset.label);
  }

  async function refreshBadges() {
    try {
      const response = await fetch("/inbox/unread", { credentials: "same-origin", cache: "no-store" });
      if (!response.ok) return;
      const unread = await response.json();
      setBadge("inbox", unread.messages);
      setBadge("notifications", unread.notifications);
    } catch (error) { /* the next event tries again */ }
  }

  async function markRead() {
    const form = document.getElementById("read-form");
    if (!form) return;
    try {
      await fetch(form.action, { method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin" });
    } catch (error) { /* the badge stays until the next visit */ }
  }

  // Built with textContent only: a message's text never becomes markup.
  function messageItem(message) {
    const item = document.createElement("li");
    const mine = message.sender_id === me;
    item.className = mine ? "message mine" : "message theirs";
    item.id = "message-" + message.id;
    item.dataset.id = message.id;
    const bubble = document.createElement("div");
    bubble.className = "bubble";
    for (const file of message.files || []) {
      const photo = document.createElement("img");
      photo.src = "/" + file;
      photo.alt = messages.dataset.photoLabel;
      photo.className = "message-photo";
      bubble.append(photo);
    }
    if (message.text) {
      const text = document.createElement("p");
      text.textContent = message.text;
      bubble.append(text);
    }
    item.append(bubble);
    if (mine) {
      const mark = document.createElement("span");
      mark.className = "unread-mark";
      mark.textContent = "1";
      item.append(mark);
    }
    const time = document.createElement("time");
    time.dateTime = message.sent_at;
    time.textContent = new Date(message.sent_at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    item.append(time);
    return item;
  }

  async function refreshInboxList() {
    const list = document.getElementById("conversation-list");
    if (!list || !window.DOMParser) return;
    try {
      const response = await fetch(location.href, { credentials: "same-origin", cache: "no-store" });
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("conversation-list");
      if (fresh) list.replaceWith(document.importNode(fresh, true));
      const empty = document.getElementById("inbox-empty");
      if (empty && fresh && fresh.children.length) empty.remove();
    } catch (error) { /* the list is current on the next visit */ }
  }

  const events = new EventSource("/api/events");
  // Says the page is live (tests wait for it; styles could too).
  events.addEventListener("open", () => { document.documentElement.dataset.live = "true"; });
  events.addEventListener("message", async (event) => {
    const { message } = JSON.parse(event.data);
    if (conversationID && message.conversation_id === conversationID) {
      if (!document.getElementById("message-" + message.id)) messages.append(messageItem(message));
      if (message.sender_id !== me) await markRead();
    }
    // A page that shows part of a conversation held elsewhere (a study pair's 약속) redraws that
    // part, which reads the conversation's new line, before the badges count it.
    const held = document.querySelector("[data-live-section][data-conversation]");
    if (held && held.dataset.conversation === message.conversation_id) await refreshLiveSection(held.dataset.liveSection);
    await refreshInboxList();
    await refreshBadges();
  });
  events.addEventListener("read", (event) => {
    const receipt = JSON.parse(event.data);
    if (!conversationID || receipt.conversation_id !== conversationID || receipt.reader_id === me) return;
    for (const item of messages.querySelectorAll(".message.mine")) {
      if (Number(item.dataset.id) <= receipt.read_up_to) item.querySelector(".unread-mark")?.remove();
    }
  });
  // A page both people change (a lesson enrolment) marks that part with data-live-section, its
  // own path; a notification that links to the page redraws it from the page as it is now.
  async function refreshLiveSection(link) {
    const section = document.querySelector("[data-live-section]");
    if (!section || section.dataset.liveSection !== link || !window.DOMParser) return;
    try {
      const response = await fetch(location.pathname, { credentials: "same-origin", cache: "no-store" });
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById(section.id);
      if (fresh) section.replaceWith(document.importNode(fresh, true));
    } catch (error) { /* the page is current on the next visit */ }
  }

  events.addEventListener("notification", async (event) => {
    try { await refreshLiveSection(JSON.parse(event.data).link); } catch (error) { /* not a notification this page shows */ }
    await refreshBadges();
  });

  if (messages) messages.lastElementChild?.scrollIntoView({ block: "end" });
})();
