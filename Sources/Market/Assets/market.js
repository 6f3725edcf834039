// Progressive enhancement only: the market's pages work without this file.
// Market list: "Load more" becomes infinite scroll. Each page is fetched once, and a product
// already on screen is never added twice (new products shift later pages).
(function () {
  const list = document.getElementById("product-list");
  let more = document.getElementById("next-page");
  if (!list || !more || !("IntersectionObserver" in window)) return;
  const requested = new Set();
  const observer = new IntersectionObserver(async (entries) => {
    if (!entries.some((entry) => entry.isIntersecting) || !more) return;
    const url = more.dataset.fragment;
    if (requested.has(url)) return;
    requested.add(url);
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) { requested.delete(url); return; }
    const holder = document.createElement("div");
    holder.innerHTML = await response.text();
    for (const card of holder.querySelectorAll(".product-card")) {
      if (!list.querySelector(`.product-card[data-id="${card.dataset.id}"]`)) list.appendChild(card);
    }
    const following = response.headers.get("X-Next-Fragment");
    if (following) {
      // A list paged by cursor names its next page itself.
      more.dataset.fragment = following;
      const next = new URL(following, location.href);
      next.searchParams.delete("fragment");
      more.href = next.pathname + next.search;
    } else if (response.headers.get("X-Has-Next") === "1") {
      const next = new URL(url, location.href);
      const page = Number(next.searchParams.get("page")) + 1;
      next.searchParams.set("page", page);
      more.dataset.fragment = next.pathname + next.search;
      next.searchParams.delete("fragment");
      more.href = next.pathname + next.search;
    } else {
      observer.disconnect();
      more.remove();
      more = null;
    }
  }, { rootMargin: "400px" });
  observer.observe(more);
})();

// My 동네: "verify where I am" asks the browser for its position, puts it in the form and sends
// it; the server decides whether it is near enough. Without a position the form says why.
(function () {
  for (const form of document.querySelectorAll("form[data-geolocate]")) {
    form.addEventListener("submit", (event) => {
      if (form.dataset.located === "1") return;
      event.preventDefault();
      const status = form.querySelector(".verify-status");
      if (!("geolocation" in navigator)) { if (status) status.textContent = status.dataset.denied; return; }
      if (status) status.textContent = status.dataset.locating;
      navigator.geolocation.getCurrentPosition((position) => {
        form.elements.latitude.value = String(position.coords.latitude);
        form.elements.longitude.value = String(position.coords.longitude);
        form.dataset.located = "1";
        form.submit();
      }, () => {
        if (status) status.textContent = status.dataset.denied;
      }, { enableHighAccuracy: false, timeout: 15000, maximumAge: 60000 });
    });
  }
})();
