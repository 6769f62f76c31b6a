// Projector mode: scroll long lists slowly to the end, pause, start again from the top.
// The body is a live fragment, swapped by htmx when the tournament changes (static/tournament/live.js).
// A screen that asks for less motion (prefers-reduced-motion) turns whole pages instead, one
// every 8 s, with no movement between them.
(function () {
  var PAUSE_MS = 4000, STEP_PX = 1, TICK_MS = 40;
  var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (still) { TICK_MS = 8000; }
  var pausedUntil = Date.now() + PAUSE_MS;
  function box() { return document.querySelector("[data-autoscroll]"); }
  setInterval(function () {
    var el = box();
    if (!el || Date.now() < pausedUntil) return;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) {
      pausedUntil = Date.now() + PAUSE_MS;
      setTimeout(function () { var e = box(); if (e) e.scrollTop = 0; }, PAUSE_MS - 500);
      return;
    }
    el.scrollTop += still ? Math.max(el.clientHeight - 40, 1) : STEP_PX;
  }, TICK_MS);
  // Keep the scroll position across the htmx refresh.
  var kept = 0;
  document.addEventListener("htmx:beforeSwap", function () { var e = box(); kept = e ? e.scrollTop : 0; });
  document.addEventListener("htmx:afterSwap", function () { var e = box(); if (e) e.scrollTop = kept; });
})();
