// The round clock: counts down in the browser from the server's end time (data-ends-at), or
// shows the frozen time left while paused (data-left). Loaded by templates/includes/round_clock.html.
(function () {
  function format(seconds) {
    seconds = Math.max(0, Math.floor(seconds));
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    var mm = (h ? String(m).padStart(2, "0") : String(m)) + ":" + String(s).padStart(2, "0");
    return h ? h + ":" + mm : mm;
  }
  function tick() {
    document.querySelectorAll(".round-clock").forEach(function (clock) {
      var time = clock.querySelector(".time");
      var left;
      if (clock.dataset.state === "paused") {
        left = Number(clock.dataset.left || 0);
      } else {
        left = (Date.parse(clock.dataset.endsAt) - Date.now()) / 1000;
      }
      time.textContent = left > 0 ? format(left) : clock.dataset.over || "Time!";
      clock.classList.toggle("over", left <= 0);
      clock.classList.toggle("last-minutes", left > 0 && left <= 300);
    });
  }
  if (!window.zjClockStarted) {
    window.zjClockStarted = true;
    setInterval(tick, 1000);
  }
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:afterSwap", tick);
  tick();
})();
