// @ts-check
// The organiser's traveller: each line nobody entered gets a copy of the page's one
// empty form (<template id="fresh-line">, its fields named "__prefix__-…"), renamed to
// the line's prefix, as Django's admin copies a formset's empty_form. The server prints
// that form once instead of once a line; without this script each line's link opens
// its own form.
(function () {
  "use strict";
  var PLACEHOLDER = "__prefix__";
  var ATTRIBUTES = ["id", "name", "for", "aria-describedby", "aria-labelledby"];
  var template = document.getElementById("fresh-line");
  if (!(template instanceof HTMLTemplateElement)) {
    return;
  }
  var source = template.content;

  /**
   * @param {Element} element
   * @param {string} prefix
   */
  function rename(element, prefix) {
    ATTRIBUTES.forEach(function (name) {
      var value = element.getAttribute(name);
      if (value !== null && value.indexOf(PLACEHOLDER) !== -1) {
        element.setAttribute(name, value.split(PLACEHOLDER).join(prefix));
      }
    });
  }

  document.querySelectorAll("tr[data-fresh]").forEach(function (row) {
    var prefix = /** @type {string} */ (row.getAttribute("data-fresh"));
    var placeholder = row.querySelector("td.fresh-line");
    if (!placeholder) {
      return;
    }
    var copy = /** @type {DocumentFragment} */ (source.cloneNode(true));
    copy.querySelectorAll("*").forEach(function (element) {
      rename(element, prefix);
    });
    placeholder.replaceWith(copy);
    row.removeAttribute("data-fresh");
  });
})();
