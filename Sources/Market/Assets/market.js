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
    if (response.headers.get("X-Has-Next") === "1") {
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
