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

  // Live state: every 5 seconds (the apps poll myQueueState at that pace) the page asks for my
  // queue state and the sizes of the lists, and reloads when any of them changed; a match goes
  // straight to the matched page.
  const live = document.getElementById("study-live");
  if (!live || !window.fetch) return;
  const seen = { state: live.dataset.state, nearby: Number(live.dataset.nearby), received: Number(live.dataset.received) };
  setInterval(async () => {
    if (document.hidden) return;
    try {
      const response = await fetch("/study/state.json", { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (!response.ok) return;
      const now = await response.json();
      if (now.state === "matched" && seen.state !== "matched") { location.href = "/study/matched"; return; }
      if (now.state !== seen.state || now.nearby !== seen.nearby || now.received !== seen.received) location.reload();
    } catch (_) { /* offline for a moment: try again at the next tick */ }
  }, 5000);
})();
