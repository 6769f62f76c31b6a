/*
 * The messages of the last action (templates/includes/messages.html) are live regions, but a
 * region that is already filled when the page loads is not read out by screen readers. So their
 * text is said again a moment after the page is shown, in a hidden live region of the same kind
 * (an error at once, anything else when the reader is free): "Hand 3 saved", a refusal. The
 * visible messages stay as they are.
 *
 * A form sent back with errors puts the focus on its first field in error (unless the page chose
 * one): a screen reader then says the field, its error (aria-describedby) and that it is invalid.
 */
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var broken = document.querySelector("main [aria-invalid=true]");
    if (broken && (document.activeElement === document.body || !document.activeElement)) {
      broken.focus();
    }
    var box = document.getElementById("messages");
    if (!box) return;
    box.querySelectorAll("[role=status], [role=alert]").forEach(function (list) {
      var text = list.textContent.replace(/\s+/g, " ").trim();
      if (!text) return;
      var said = document.createElement("p");
      said.className = "sr-only";
      said.setAttribute("role", list.getAttribute("role"));
      said.setAttribute("data-said", "");
      box.appendChild(said);
      setTimeout(function () { said.textContent = text; }, 250);
    });
  });
})();
