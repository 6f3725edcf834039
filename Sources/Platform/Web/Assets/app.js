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
