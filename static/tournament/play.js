/*
 * Judges' desk keyboard helpers (the live preview itself is htmx: hx-post on #hand-form).
 *
 * Vocabulary
 *   hand form   the form with id "hand-form" (desk entry, correction, second entry, calculator)
 *   error link  a link in the preview pointing at the field to fix (data-focus="<field id>")
 *   applies     a block marked data-applies="win false_win" lists the outcomes it applies to;
 *               under any other outcome its fields are disabled and hidden, so neither the
 *               preview nor the save sends a default that does not apply (a draw has no
 *               "How: Discard"). Switching back restores what was typed.
 *
 * - Enter in a list (select) submits the hand form, as it does in a text field.
 * - After a failed save, focus goes to the first field with an error.
 * - An error link in the preview focuses its field instead of scrolling the page.
 * - Blessing of Earth is won on East's first discard (RULINGS R8, R12): ticking it chooses
 *   "discard", the dealer as discarder and no immunity (the server has the last word).
 * - A screen reader hears the preview's verdict, once: the preview's hidden .preview-said
 *   ("10 points: ...", "Fix 1 problem: ...") is copied into the polite live region
 *   #preview-said when it differs from the last one said; the preview is aria-busy while htmx
 *   works it out. The tiles field is described by #hand-readback (the hand as words).
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

  function showApplicable(form) {
    var outcome = form.querySelector("[name=outcome]");
    if (!outcome) return;
    form.querySelectorAll("[data-applies]").forEach(function (block) {
      var applies = block.getAttribute("data-applies").split(" ").indexOf(outcome.value) >= 0;
      block.hidden = !applies;
      block.querySelectorAll("input, select, textarea").forEach(function (field) {
        field.disabled = !applies;
      });
    });
  }

  function blessingOfEarth(form) {
    // The discarder list names the dealer of this hand in data-dealer (the server's word, the
    // same in every language).
    var discarder = form.querySelector("[name=discarder]");
    var how = form.querySelector("[name=win_type]");
    var immunity = form.querySelector("[name=immunity]");
    if (how) how.value = "discard";
    if (discarder && discarder.getAttribute("data-dealer")) {
      discarder.value = discarder.getAttribute("data-dealer");
    }
    if (immunity) immunity.value = "";
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("#hand-form");
    if (!form) return;
    if (event.target.name === "outcome") showApplicable(form);
    if (event.target.name === "flags" && event.target.value === "earth" && event.target.checked) {
      blessingOfEarth(form);
    }
  });

  var lastSaid = "";
  function announce() {
    var region = document.getElementById("preview-said");
    var source = document.querySelector("#preview .preview-said");
    var text = source ? source.textContent.replace(/\s+/g, " ").trim() : "";
    if (!region || text === lastSaid) return;
    lastSaid = text;
    region.textContent = text;
  }

  function describedByReadback(field) {
    var ids = (field.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
    if (ids.indexOf("hand-readback") < 0) ids.push("hand-readback");
    field.setAttribute("aria-describedby", ids.join(" "));
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var preview = document.getElementById("preview");
    if (preview && event.target.id === "hand-form") preview.setAttribute("aria-busy", "true");
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!event.target || event.target.id !== "preview") return;
    event.target.removeAttribute("aria-busy");
    announce();
  });

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("hand-form");
    if (form) showApplicable(form);
    var tiles = form && form.querySelector("[name=tiles]");
    if (tiles) describedByReadback(tiles);
    var broken = document.querySelector("#hand-form [aria-invalid=true]");
    if (broken) {
      broken.focus();
      setTimeout(announce, 300);  // a refused save: say its problems, after the field's name
    } else {
      var preview = document.querySelector("#preview .preview");
      lastSaid = preview ? (preview.querySelector(".preview-said") || {}).textContent || "" : "";
      lastSaid = lastSaid.replace(/\s+/g, " ").trim();
    }
  });
})();
