/*
 * Judges' desk keyboard helpers (the live preview itself is htmx: hx-post on #hand-form).
 *
 * Vocabulary
 *   hand form   the form with id "hand-form" (desk entry, correction, second entry, calculator)
 *   error link  a link in the preview pointing at the field to fix (data-focus="<field id>")
 *
 * - Enter in a list (select) submits the hand form, as it does in a text field.
 * - After a failed save, focus goes to the first field with an error.
 * - An error link in the preview focuses its field instead of scrolling the page.
 */
(function () {
  "use strict";

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.key !== "Enter" || !target.closest) return;
    var form = target.closest("#hand-form");
    if (form && target.tagName === "SELECT") {
      event.preventDefault();
      form.requestSubmit();
    }
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("[data-focus]");
    if (!link) return;
    var field = document.getElementById(link.getAttribute("data-focus"));
    if (field) {
      event.preventDefault();
      field.focus();
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var broken = document.querySelector("#hand-form [aria-invalid=true]");
    if (broken) broken.focus();
  });
})();
