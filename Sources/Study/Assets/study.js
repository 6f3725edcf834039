// Progressive enhancement only: the study pages work without this file.
(function () {
  // "현재 위치 사용": asks the browser where it is and centres the search there, through the
  // latitude and longitude form nobody has to type into. Without permission the page stays on the
  // place it has and says how else to choose one.
  const locate = document.getElementById("use-my-location");
  if (locate && "geolocation" in navigator) {
    locate.hidden = false;
    locate.addEventListener("click", () => {
      const status = document.getElementById("location-status");
      if (status) status.textContent = locate.dataset.locating;
      navigator.geolocation.getCurrentPosition((position) => {
        document.getElementById("lat").value = position.coords.latitude.toFixed(6);
        document.getElementById("long").value = position.coords.longitude.toFixed(6);
        document.getElementById("location-form").submit();
      }, () => { if (status) status.textContent = locate.dataset.denied; },
      { enableHighAccuracy: false, timeout: 15000, maximumAge: 60000 });
    });
  }

  // A place found by name as it is typed: the list the form would bring back, drawn from
  // `data-suggest` (text only, never markup). Arrow keys move between the input and the places.
  const placeForm = document.getElementById("place-search-form");
  const placeInput = document.getElementById("place-search");
  const placeList = document.getElementById("place-results");
  const placeStatus = document.getElementById("place-results-status");
  if (placeForm && placeInput && placeList && window.fetch) {
    let asked = 0;
    let timer = 0;
    const suggest = async () => {
      const turn = ++asked;
      const query = new URLSearchParams({ q: placeInput.value.trim(), gender: placeForm.elements.gender.value });
      try {
        const response = await fetch(placeForm.dataset.suggest + "?" + query, { credentials: "same-origin", headers: { Accept: "application/json" } });
        if (!response.ok || turn !== asked) return;
        const found = await response.json();
        if (turn !== asked) return;
        placeList.replaceChildren(...found.places.map((place) => {
          const item = document.createElement("li");
          const link = document.createElement("a");
          link.className = "place-choice";
          link.href = place.href;
          link.dataset.code = place.code;
          const name = document.createElement("span");
          name.className = "place-name";
          name.textContent = place.label;
          const kind = document.createElement("span");
          kind.className = "badge";
          kind.textContent = place.kind;
          link.append(name, " ", kind);
          item.append(link);
          return item;
        }));
        if (placeStatus) placeStatus.textContent = found.status;
      } catch (_) { /* offline: the form still searches when sent */ }
    };
    placeInput.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(suggest, 200);
    });
    const links = () => [...placeList.querySelectorAll("a")];
    placeInput.addEventListener("keydown", (event) => {
      if (event.key === "ArrowDown" && links().length) { event.preventDefault(); links()[0].focus(); }
    });
    placeList.addEventListener("keydown", (event) => {
      const all = links();
      const at = all.indexOf(document.activeElement);
      if (at < 0) return;
      if (event.key === "ArrowDown" && at + 1 < all.length) { event.preventDefault(); all[at + 1].focus(); }
      if (event.key === "ArrowUp") { event.preventDefault(); (at > 0 ? all[at - 1] : placeInput).focus(); }
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
    // Once both have written, a meeting could have been agreed: "만났어요" can end the study.
    if (log.querySelector(".chat-bubble.mine") && log.querySelector(".chat-bubble.theirs")) {
      document.getElementById("met-later")?.remove();
      const met = document.getElementById("met-box");
      if (met) met.hidden = false;
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
      // Each marker named as the radar and the list under it name the person: "새우깡 · 650m · 망원제2동";
      // always shown while there are few, as the radar shows its names, on hover when there are many.
      const people = JSON.parse(map.dataset.people);
      for (const person of people) {
        const label = document.createElement("span");
        label.textContent = person.label;
        L.circleMarker([person.lat, person.long], { radius: 7 }).bindTooltip(label, { permanent: people.length <= 10, direction: "top" }).addTo(view);
      }
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
