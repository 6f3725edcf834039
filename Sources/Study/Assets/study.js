// Progressive enhancement only: the study pages work without this file.
(function () {
  // "My location": asks the browser where it is and shows the radar there. Without permission
  // the page stays on the point it has (the SeSAC campus by default).
  const locate = document.getElementById("use-my-location");
  if (locate && "geolocation" in navigator) {
    locate.hidden = false;
    locate.addEventListener("click", () => {
      const status = document.getElementById("location-status");
      navigator.geolocation.getCurrentPosition((position) => {
        document.getElementById("lat").value = position.coords.latitude.toFixed(6);
        document.getElementById("long").value = position.coords.longitude.toFixed(6);
        document.getElementById("location-form").submit();
      }, () => { if (status) status.textContent = locate.dataset.denied; }, { timeout: 10000 });
    });
  }

  // The chat shows its newest message, and a message arriving on the socket joins it as the
  // server drew the others (text only, never markup; the time in Korea).
  const log = document.getElementById("chat-log");
  const myUID = document.getElementById("study-live")?.dataset.uid;
  if (log) log.scrollTop = log.scrollHeight;
  const showMessage = (chat) => {
    if (log.querySelector(`[data-id="${CSS.escape(String(chat._id))}"]`)) return;
    const bubble = document.createElement("div");
    bubble.className = chat.from === myUID ? "chat-bubble mine" : "chat-bubble theirs";
    bubble.dataset.id = chat._id;
    const body = document.createElement("p");
    body.className = "chat-text";
    body.textContent = chat.chat;
    const time = document.createElement("time");
    time.dateTime = chat.createdAt;
    const at = new Date(chat.createdAt);
    time.textContent = at.toLocaleTimeString("ko-KR", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "Asia/Seoul" });
    bubble.append(body, time);
    log.querySelector(".hint")?.remove();
    log.append(bubble);
    log.scrollTop = log.scrollHeight;
    // Once both have written, the study happened and can be reviewed.
    if (log.querySelector(".chat-bubble.mine") && log.querySelector(".chat-bubble.theirs")) {
      document.getElementById("review-later")?.remove();
      const review = document.getElementById("review-box");
      if (review) review.hidden = false;
    }
  };

  // The slippy map, when the operator configured a tile server: Leaflet (Debian's libjs-leaflet,
  // served by Sprout) is loaded only then, and the radar under it stays for when it cannot load.
  const map = document.getElementById("study-map");
  if (map) {
    const style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = "/study/map/leaflet.css";
    document.head.appendChild(style);
    const script = document.createElement("script");
    script.src = "/study/map/leaflet.js";
    script.onload = () => {
      const centre = [Number(map.dataset.lat), Number(map.dataset.long)];
      map.hidden = false;
      map.parentElement.classList.add("has-map");
      const view = L.map(map, { attributionControl: true }).setView(centre, 15);
      L.tileLayer(map.dataset.tiles, { attribution: map.dataset.attribution, maxZoom: 19 }).addTo(view);
      L.circle(centre, { radius: Number(map.dataset.radius), weight: 1, fillOpacity: 0.08 }).addTo(view);
      for (const [lat, long] of JSON.parse(map.dataset.people)) L.circleMarker([lat, long], { radius: 7 }).addTo(view);
    };
    document.head.appendChild(script);
  }

  // Live state: the study socket says when my queue state changes (a request, a match, a
  // cancelled study) or a message arrives, and the page checks at once. While the socket is down
  // the page asks every 5 seconds instead, as the apps poll myQueueState. A check reloads the page
  // when my state or the lists' sizes changed; a match goes straight to the matched page.
  const live = document.getElementById("study-live");
  if (!live || !window.fetch) return;
  const seen = { state: live.dataset.state, nearby: Number(live.dataset.nearby), received: Number(live.dataset.received),
    partnerEnded: live.dataset.ended === "true" };
  const check = async () => {
    try {
      const response = await fetch("/study/state.json", { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (!response.ok) return;
      const now = await response.json();
      if (now.state === "matched" && seen.state !== "matched") { location.href = "/study/matched"; return; }
      // A partner who cancels or reviews ends the study for me too: the page then says so.
      if (now.state !== seen.state || now.nearby !== seen.nearby || now.received !== seen.received || now.partnerEnded !== seen.partnerEnded) location.reload();
    } catch (_) { /* offline for a moment: try again at the next tick */ }
  };
  // Messages that arrived while the socket was down (offline, asleep, the server restarting):
  // everything newer than the newest the page shows, each drawn once.
  const catchUp = async () => {
    if (!log) return;
    const times = log.querySelectorAll("time[datetime]");
    const newest = times.length ? times[times.length - 1].dateTime : "";
    try {
      const response = await fetch("/study/chat.json?after=" + encodeURIComponent(newest), { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (response.ok) for (const chat of await response.json()) showMessage(chat);
    } catch (_) { /* still offline: the next reconnect or tick tries again */ }
  };
  let socketOpen = false;
  // Socket.IO 4 over Engine.IO 4, websocket only: the handshake, pongs and the default namespace.
  // The server binds the socket to me by my session cookie, so the page never names a uid.
  const connect = () => {
    if (!window.WebSocket) return;
    const socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/socket.io/?EIO=4&transport=websocket");
    socket.onmessage = (message) => {
      const text = String(message.data);
      if (text[0] === "0") socket.send("40");
      else if (text === "2") socket.send("3");
      else if (text.startsWith("40")) {
        socketOpen = true;
        catchUp();
      }
      else if (text.startsWith("42")) {
        const [name, payload] = JSON.parse(text.slice(2));
        if (name === "chat" && log && payload) showMessage(payload);
        else if (name === "queueState" || name === "chat") check();
      }
    };
    socket.onclose = () => { socketOpen = false; setTimeout(connect, 5000); };
  };
  connect();
  setInterval(() => {
    if (document.hidden || socketOpen) return;
    check();
    catchUp();
  }, 5000);
})();
