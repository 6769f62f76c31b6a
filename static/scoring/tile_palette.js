/*
 * Tile palette: clicking a tile button appends its code to a tile-notation text field.
 *
 * Vocabulary
 *   code      a tile's notation: 1m..9m, 1p..9p, 1s..9s, E S W N, Wh Gr Rd
 *   group     a run of ranks sharing one suit letter, written together: "456p"
 *   field     the <input>/<textarea> receiving codes: the element whose id is the palette's
 *             data-target, else the data-tile-input field that last had focus, else the
 *             first data-tile-input field on the page
 *
 * One delegated listener on document, so palettes swapped in by htmx work without setup and
 * loading this script twice does no harm.
 */
(function () {
  "use strict";
  if (window.zjTilePalette) return;

  var lastTileField = null;
  var NUMBER_CODE = /^([1-9])([mps])$/;
  var TRAILING_GROUP = /(^|\s)([1-9]+)([mps])$/;

  // Append one code to the text, following the notation's grouping rules.
  function appendCode(text, code) {
    var trimmed = text.replace(/\s+$/, "");
    var number = NUMBER_CODE.exec(code);
    if (number) {
      var group = TRAILING_GROUP.exec(trimmed);
      // Same suit as the trailing group: slip the rank in before its suit letter ("45p" -> "456p").
      if (group && group[3] === number[2]) {
        return trimmed.slice(0, -1) + number[1] + number[2];
      }
    }
    // Honours and a new suit start a new group, separated by a space.
    return trimmed ? trimmed + " " + code : code;
  }

  // Remove the last tile: the last rank of a group ("456p" -> "45p"), or the last word.
  function removeLastTile(text) {
    var trimmed = text.replace(/\s+$/, "");
    var group = /([1-9])([1-9]+)([mps])$/.exec(trimmed);
    if (group) {
      return trimmed.slice(0, -2) + group[3];
    }
    return trimmed.replace(/\S+$/, "").replace(/\s+$/, "");
  }

  function targetField(palette) {
    var id = palette.getAttribute("data-target");
    if (id) return document.getElementById(id);
    if (lastTileField && document.contains(lastTileField)) return lastTileField;
    return document.querySelector("[data-tile-input]");
  }

  // Remember the tile field the user was last in, so a click can find its way back.
  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("[data-tile-input]")) {
      lastTileField = event.target;
    }
  });

  // Pressing a button would move focus away from the field; keep it where it is.
  document.addEventListener("mousedown", function (event) {
    if (event.target.closest && event.target.closest(".tile-palette .tile-key")) {
      event.preventDefault();
    }
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".tile-palette .tile-key");
    if (!button) return;
    var field = targetField(button.closest(".tile-palette"));
    if (!field) return;

    var action = button.getAttribute("data-tile-action");
    if (action === "clear") {
      field.value = "";
    } else if (action === "backspace") {
      field.value = removeLastTile(field.value);
    } else {
      field.value = appendCode(field.value, button.getAttribute("data-tile"));
    }

    // htmx (hx-trigger="input") and other listeners see the change as if typed.
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.focus();
    var end = field.value.length;
    if (field.setSelectionRange) field.setSelectionRange(end, end);
  });

  // Exposed for tests and for other scripts that want the same rules.
  window.zjTilePalette = { appendCode: appendCode, removeLastTile: removeLastTile };
})();
