// @ts-check
// Behaviours the templates ask for with data attributes, instead of inline handlers
// (onchange=..., onclick=...) that the Content-Security-Policy forbids. Listeners sit on
// the document, so content swapped in by htmx gets them too.
(function () {
  "use strict";
  // <select data-submit-on-change>: the language switch, the player page's event choice.
  document.addEventListener("change", function (event) {
    var target = /** @type {Element} */ (event.target);
    var field = /** @type {HTMLSelectElement | null} */ (
      target.closest && target.closest("[data-submit-on-change]")
    );
    if (field && field.form) {
      if (field.form.requestSubmit) {
        field.form.requestSubmit();
      } else {
        field.form.submit();
      }
    }
  });
  // <button data-print>: the printable sheets.
  document.addEventListener("click", function (event) {
    var target = /** @type {Element} */ (event.target);
    var button = target.closest && target.closest("[data-print]");
    if (button) {
      event.preventDefault();
      window.print();
    }
  });
})();
