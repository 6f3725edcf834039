// Progressive enhancement only: every page works without this file.
// Disables a form's submit button while it is being sent, so a double tap cannot post twice.
document.addEventListener("submit", (event) => {
  const button = event.target.querySelector("button[type=submit]");
  if (button) { setTimeout(() => { button.disabled = true; }, 0); }
});
