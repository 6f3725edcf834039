// Progressive enhancement only: every page works without this file.
// Disables a form's submit button while it is being sent, so a double tap cannot post twice.
document.addEventListener("submit", (event) => {
  const button = event.target.querySelector("button[type=submit]");
  if (button) { setTimeout(() => { button.disabled = true; }, 0); }
});

// Product gallery: thumbnails swap the main photo in place instead of reloading the page.
document.addEventListener("click", (event) => {
  const link = event.target.closest(".gallery-thumbs a[data-full]");
  const main = document.getElementById("gallery-main");
  if (!link || !main) return;
  event.preventDefault();
  main.src = link.dataset.full;
  for (const other of link.parentElement.querySelectorAll("a")) other.classList.toggle("current", other === link);
});

// Toggles (a like, a bookmark) act in place: the form is posted in the background and swapped for
// its new state, taken from the page the post leads to, so the page neither reloads nor jumps.
// Without scripts, or if the request fails, the form posts as usual.
document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!form.matches("form[data-in-place]") || !form.id || !window.fetch || !window.DOMParser) return;
  event.preventDefault();
  try {
    const response = await fetch(form.action, { method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin" });
    const fresh = response.ok && new DOMParser().parseFromString(await response.text(), "text/html").getElementById(form.id);
    if (!fresh) { form.submit(); return; }
    const replacement = document.importNode(fresh, true);
    form.replaceWith(replacement);
    const button = replacement.querySelector("button");
    if (button) button.focus();
  } catch (error) {
    form.submit();
  }
});
