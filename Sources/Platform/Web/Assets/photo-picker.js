// Progressive enhancement: an input that takes several photos (`multiple`, `accept="image/…"`)
// shows those chosen as thumbnails in the order they will be sent (the first is the cover), each
// with buttons to move it earlier or later and to remove it, and its files are kept in that order.
// Without scripts the plain input sends what was chosen.
(function () {
  if (!window.DataTransfer || !URL.createObjectURL) return;
  const selector = "input[type=file][multiple][accept^='image/']";
  const korean = document.documentElement.lang === "ko";
  const words = korean
    ? { list: "보낼 사진", photo: (n) => `고른 사진 ${n}`, earlier: ["앞으로", (n) => `사진 ${n} 앞으로`],
        later: ["뒤로", (n) => `사진 ${n} 뒤로`], remove: ["빼기", (n) => `사진 ${n} 빼기`] }
    : { list: "Photos to send", photo: (n) => `Chosen photo ${n}`, earlier: ["Earlier", (n) => `Move photo ${n} earlier`],
        later: ["Later", (n) => `Move photo ${n} later`], remove: ["Remove", (n) => `Remove photo ${n}`] };

  function send(input) {
    const list = new DataTransfer();
    for (const photo of input.photos) list.items.add(photo.file);
    input.files = list.files;
  }

  function button(action, index, disabled) {
    const [text, label] = words[action];
    const element = document.createElement("button");
    element.type = "button";
    element.className = "secondary";
    element.dataset.action = action;
    element.textContent = text;
    element.setAttribute("aria-label", label(index + 1));
    element.disabled = disabled;
    return element;
  }

  function show(input) {
    let list = input.photoList;
    if (!list) {
      list = input.photoList = document.createElement("ol");
      list.className = "photo-list photo-picker";
      list.setAttribute("aria-label", words.list);
      list.addEventListener("click", (event) => act(input, event.target.closest("button[data-action]")));
      input.after(list);
    }
    const count = input.photos.length;
    list.replaceChildren(...input.photos.map((photo, index) => {
      const item = document.createElement("li");
      const thumbnail = document.createElement("img");
      thumbnail.src = photo.url;
      thumbnail.alt = words.photo(index + 1);
      item.append(thumbnail, button("earlier", index, index === 0), button("later", index, index === count - 1), button("remove", index, false));
      return item;
    }));
  }

  // Focus stays with the photo moved (or, after a removal, on the photo now in its place), so a
  // keyboard can keep moving it.
  function act(input, target) {
    if (!target) return;
    const items = [...input.photoList.children];
    const index = items.indexOf(target.closest("li"));
    const action = target.dataset.action;
    let focus = index;
    if (action === "remove") {
      URL.revokeObjectURL(input.photos[index].url);
      input.photos.splice(index, 1);
      focus = Math.min(index, input.photos.length - 1);
    } else {
      focus = index + (action === "earlier" ? -1 : 1);
      [input.photos[index], input.photos[focus]] = [input.photos[focus], input.photos[index]];
    }
    send(input);
    show(input);
    const item = input.photoList.children[focus];
    if (!item) { input.focus(); return; }
    const same = item.querySelector(`button[data-action=${action}]`);
    (same && !same.disabled ? same : item.querySelector("button:not(:disabled)")).focus();
  }

  function choose(input) {
    for (const photo of input.photos || []) URL.revokeObjectURL(photo.url);
    const photos = input.photos = [...input.files].map((file) => ({ file, url: URL.createObjectURL(file) }));
    show(input);
    // app.js shrinks the photos after a choice and puts them back in the order chosen: take the
    // shrunk files, and send them in the order shown by then.
    Promise.resolve(input.shrinking).then(() => {
      if (input.photos !== photos || input.files.length !== photos.length) return;
      [...input.files].forEach((file, index) => { photos[index].file = file; });
      send(input);
    });
  }

  // A choice was made (this runs after app.js's own listener has started shrinking).
  document.addEventListener("change", (event) => {
    if (event.target.matches(selector)) choose(event.target);
  });

  // A refused form comes back as a new page body with the photos put back into its inputs.
  new MutationObserver(() => {
    for (const input of document.querySelectorAll(selector)) {
      if (!input.photoList && input.files.length) choose(input);
    }
  }).observe(document.documentElement, { childList: true });
})();
