// Progressive enhancement only: every page works without this file.
// Disables a form's submit button while it is being sent, so a double tap cannot post twice.
document.addEventListener("submit", (event) => {
  const button = event.target.querySelector("button[type=submit]");
  if (button) { setTimeout(() => { button.disabled = true; }, 0); }
});

// A message box marked `data-enter-sends`: on a desktop Enter sends the form and Shift+Enter
// is a new line; on a phone (a coarse pointer) Enter is a new line and the button sends.
document.addEventListener("keydown", (event) => {
  const box = event.target;
  if (event.key !== "Enter" || event.shiftKey || event.isComposing || !box.matches || !box.matches("textarea[data-enter-sends]")) return;
  if (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) return;
  event.preventDefault();
  box.form.requestSubmit();
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
    const answer = response.ok && new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = answer && answer.getElementById(form.id);
    if (!fresh) { form.submit(); return; }
    const replacement = document.importNode(fresh, true);
    form.replaceWith(replacement);
    // What the action changed elsewhere on the page (a like count) is taken from the answer too.
    for (const stale of document.querySelectorAll("[data-follows-in-place][id]")) {
      const current = answer.getElementById(stale.id);
      if (current) stale.replaceWith(document.importNode(current, true));
    }
    const button = replacement.querySelector("button");
    if (button) button.focus();
  } catch (error) {
    form.submit();
  }
});

// Photos. A phone's 4032×3024 photo is shrunk in the browser to the size the server keeps anyway
// (`data-shrink-to`, the longest side in pixels), upright as its EXIF orientation says, so it
// uploads in a moment instead of many seconds. Forms with photos are sent in the background with
// a progress bar (unless marked to post natively); when the server answers the form again with
// its errors, the photos chosen are put back into it instead of being asked for again. Without
// scripts the form posts as usual.
const shrinkableTypes = new Set(["image/jpeg", "image/webp"]);
const largeUpload = 2 * 1024 * 1024;

async function shrinkPhoto(file, longest) {
  if (!shrinkableTypes.has(file.type) || !window.createImageBitmap) return file;
  let bitmap;
  try { bitmap = await createImageBitmap(file, { imageOrientation: "from-image" }); } catch (error) { return file; }
  const scale = Math.min(1, longest / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size < largeUpload) { bitmap.close(); return file; }
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.88));
  if (!blob || blob.size >= file.size) return file;
  return new File([blob], file.name.replace(/\.[^.]*$/, "") + ".jpg", { type: "image/jpeg", lastModified: file.lastModified });
}

function putFiles(input, files) {
  const list = new DataTransfer();
  for (const file of files) list.items.add(file);
  input.files = list.files;
}

document.addEventListener("change", (event) => {
  const input = event.target;
  if (!input.matches("input[type=file][data-shrink-to]") || !window.DataTransfer) return;
  const longest = Number(input.dataset.shrinkTo);
  input.shrinking = Promise.all([...input.files].map((file) => shrinkPhoto(file, longest)))
    .then((files) => putFiles(input, files), () => {});
});

document.addEventListener("submit", async (event) => {
  const form = event.target;
  const inputs = [...form.querySelectorAll("input[type=file][data-shrink-to]")];
  if (!inputs.length || !window.FormData || !window.DOMParser || !window.DataTransfer) return;
  event.preventDefault();
  await Promise.all(inputs.map((input) => input.shrinking));
  // A form marked `data-posts-natively` is sent as the browser sends it, with the photos shrunk
  // (a service worker may need the post as a navigation); `submit()` fires no second event.
  if (form.dataset.postsNatively) { form.submit(); return; }
  const chosen = inputs.map((input) => [input.id, [...input.files]]);
  const progress = document.createElement("progress");
  progress.id = "upload-progress";
  progress.className = "upload-progress";
  progress.max = 100;
  progress.value = 0;
  progress.setAttribute("aria-label", document.documentElement.lang === "ko" ? "올리는 중" : "Uploading");
  form.append(progress);
  const request = new XMLHttpRequest();
  request.open("POST", form.action);
  request.upload.addEventListener("progress", (sent) => {
    if (sent.lengthComputable) progress.value = Math.round((sent.loaded / sent.total) * 100);
  });
  request.addEventListener("load", () => {
    // A saved form redirects elsewhere; a refused one is answered at its own address.
    if (request.responseURL && request.responseURL !== form.action) { location.assign(request.responseURL); return; }
    const answer = new DOMParser().parseFromString(request.responseText, "text/html");
    document.title = answer.title;
    document.body.replaceWith(document.importNode(answer.body, true));
    for (const [id, files] of chosen) {
      const input = id && document.getElementById(id);
      if (input && files.length) putFiles(input, files);
    }
    window.scrollTo(0, 0);
  });
  request.addEventListener("error", () => form.submit());
  request.send(new FormData(form));
});
