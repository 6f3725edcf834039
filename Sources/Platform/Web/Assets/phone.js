// Progressive enhancement only: the phone sign-in pages work without this file.
// The code page's countdown ticks once a second; at zero it says the code has expired and sends
// the person to Resend, as the apps' 60-second timer does.
(function () {
  const countdown = document.getElementById("code-countdown");
  if (!countdown) return;
  const verify = document.getElementById("verify-code");
  const resend = document.getElementById("resend-code");
  const deadline = Date.now() + Number(countdown.dataset.seconds || 0) * 1000;
  const format = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  function tick() {
    const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    if (left > 0) {
      countdown.textContent = countdown.dataset.left.replace("{time}", format(left));
      return;
    }
    countdown.textContent = countdown.dataset.expired;
    countdown.classList.add("expired");
    if (verify) verify.disabled = true;
    if (resend) resend.classList.remove("secondary");
    clearInterval(timer);
  }
  const timer = setInterval(tick, 1000);
  tick();
})();
