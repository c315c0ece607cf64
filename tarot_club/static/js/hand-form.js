// @ts-check
// The hand form on a phone at the card table. Asked for by data attributes,
// since the Content-Security-Policy allows no inline script:
//
// <form data-enter-next>: Enter in a field moves to the next field, like the phone
//   keyboard's "next" key (the fields get enterkeyhint="next"), and never saves. A
//   scorekeeper types the points and presses Enter out of habit, before the petit au
//   bout or a poignée is in: the hand is saved only by its "Save" button.
//
// <form data-keep-clear-of="#bar">: the field with the focus is never left under the
//   bar stuck to the bottom of the screen (live scores and save button). Checked when
//   a field gets the focus, when the screen changes size (the keyboard opens or closes)
//   and when the bar changes height (the live scores grow as the form fills in).
//
// #hand-form, fewer taps: once the oudlers are chosen the points field has
//   the focus (the next thing typed, no tap on it); "all passed" clears the taker and
//   the partner; the taker is not offered as his own partner; the folded bonuses open
//   when one of them gets an error from the live check, or the chelem is asked.
(function () {
  "use strict";

  var MARGIN = 8; // px of air between the field and the bar

  // A form's controls as Enter walks them (form.elements lists outputs and objects too:
  // `skipped` leaves them by their type).
  /**
   * @typedef {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement
   *   | HTMLFieldSetElement} Control
   */

  // --- Enter moves on -----------------------------------------------------------

  /** @param {Control} element */
  function skipped(element) {
    return (
      element.disabled ||
      element.type === "hidden" ||
      /^(submit|button|reset|image|fieldset|output|object)$/.test(element.type || "") ||
      element.tagName === "BUTTON" ||
      element.tagName === "FIELDSET" ||
      element.getClientRects().length === 0 // not shown (display: none)
    );
  }

  /**
   * @param {HTMLFormElement} form
   * @param {HTMLInputElement} radio
   * @returns {HTMLInputElement}
   */
  function radioToFocus(form, radio) {
    // As Tab does: a radio group is one stop, on its checked button if any.
    /** @type {NodeListOf<HTMLInputElement>} */
    var group = form.querySelectorAll("input[type=radio]");
    for (var i = 0; i < group.length; i += 1) {
      if (group[i].name === radio.name && group[i].checked) {
        return group[i];
      }
    }
    return radio;
  }

  /**
   * @param {HTMLFormElement} form
   * @param {Control} field
   * @returns {Control | null}
   */
  function nextField(form, field) {
    /** @type {Control[]} */
    var elements = Array.prototype.slice.call(form.elements);
    var start = elements.indexOf(field);
    for (var i = start + 1; i < elements.length; i += 1) {
      var candidate = elements[i];
      if (skipped(candidate)) {
        continue;
      }
      if (candidate.type === "radio") {
        if (field.type === "radio" && candidate.name === field.name) {
          continue;
        }
        return radioToFocus(form, /** @type {HTMLInputElement} */ (candidate));
      }
      return candidate;
    }
    return null; // the last field: Enter does nothing, "Save" saves
  }

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.isComposing || event.defaultPrevented) {
      return;
    }
    // Any element: those that are no input of such a form are left below.
    var field = /** @type {HTMLInputElement} */ (event.target);
    var form = field.form;
    if (!form || !form.hasAttribute("data-enter-next") || field.tagName !== "INPUT") {
      return; // selects, buttons and links keep their own Enter
    }
    if (/^(submit|button|reset|image)$/.test(field.type)) {
      return;
    }
    event.preventDefault(); // no implicit submission
    var next = nextField(form, field);
    if (next) {
      next.focus();
    }
  });

  function hintNext() {
    document.querySelectorAll("form[data-enter-next]").forEach(function (form) {
      form
        .querySelectorAll("input[type=text], input[type=number], input[type=search], input:not([type])")
        .forEach(function (input) {
          if (!input.hasAttribute("enterkeyhint")) {
            input.setAttribute("enterkeyhint", "next");
          }
        });
    });
  }

  // --- the focused field stays clear of the sticky bar --------------------------

  /**
   * @param {HTMLFormElement | null | undefined} form
   * @returns {HTMLElement | null}
   */
  function barOf(form) {
    var selector = form && form.getAttribute("data-keep-clear-of");
    return selector ? document.querySelector(selector) : null;
  }

  /** @param {HTMLInputElement} field */
  function shown(field) {
    // A button-like radio (Bootstrap's .btn-check) is drawn by its label.
    if (field.classList.contains("btn-check") && field.labels && field.labels.length) {
      return field.labels[0];
    }
    return field;
  }

  /** @param {HTMLElement} bar */
  function publishHeight(bar) {
    // Read by the CSS scroll-padding: the browser's own scrolling to a field (focus,
    // Tab) then stops above the bar too.
    document.documentElement.style.setProperty("--sticky-bar-height", bar.offsetHeight + "px");
  }

  function keepClear() {
    // Any element: one outside a form with a bar (the body) has no form, so no bar.
    var field = /** @type {HTMLInputElement | null} */ (document.activeElement);
    var form = field && field.form;
    var bar = barOf(form);
    if (!bar || bar.contains(field)) {
      return;
    }
    publishHeight(bar);
    var box = shown(/** @type {HTMLInputElement} */ (field)).getBoundingClientRect();
    var view = window.visualViewport;
    var viewTop = view ? view.offsetTop : 0;
    var viewBottom = view ? view.offsetTop + view.height : window.innerHeight;
    var bottom = Math.min(bar.getBoundingClientRect().top, viewBottom) - MARGIN;
    // Instant: measured against where things are now, a smooth scroll still running
    // would be overtaken.
    if (box.bottom > bottom) {
      window.scrollBy({ top: box.bottom - bottom, behavior: "instant" });
    } else if (box.top < viewTop + MARGIN) {
      window.scrollBy({ top: box.top - viewTop - MARGIN, behavior: "instant" });
    }
  }

  function soon() {
    // After the browser's own scrolling and layout for this change.
    window.requestAnimationFrame(keepClear);
  }

  document.addEventListener("focusin", function (event) {
    if (barOf(/** @type {HTMLInputElement} */ (event.target).form)) {
      soon();
    }
  });
  window.addEventListener("resize", soon);
  if (window.visualViewport) {
    window.visualViewport.addEventListener("resize", soon);
  }
  document.addEventListener("htmx:afterSettle", soon);

  function watchBars() {
    /** @type {NodeListOf<HTMLFormElement>} */
    var forms = document.querySelectorAll("form[data-keep-clear-of]");
    forms.forEach(function (form) {
      var bar = barOf(form);
      if (!bar) {
        return;
      }
      publishHeight(bar);
      if (window.ResizeObserver) {
        new window.ResizeObserver(soon).observe(bar);
      }
    });
  }

  // --- fewer taps ----------------------------------------------------------------

  /**
   * @param {HTMLFormElement} form
   * @param {string} name
   * @param {string} value
   * @returns {HTMLInputElement | null}
   */
  function choice(form, name, value) {
    /** @type {NodeListOf<HTMLInputElement>} */
    var radios = form.querySelectorAll("input[type=radio][name=" + name + "]");
    for (var i = 0; i < radios.length; i += 1) {
      if (radios[i].value === value) {
        return radios[i];
      }
    }
    return null;
  }

  /** @param {HTMLFormElement} form */
  function offerPartners(form) {
    /** @type {HTMLInputElement | null} */
    var taker = form.querySelector("input[name=taker]:checked");
    /** @type {NodeListOf<HTMLInputElement>} */
    var partners = form.querySelectorAll("input[type=radio][name=partner]");
    partners.forEach(function (radio) {
      var wrapper = /** @type {HTMLElement | null} */ (radio.closest(".choice")) || radio;
      // Hidden, not unticked: a choice already made stays in sight with its error.
      wrapper.hidden = Boolean(taker && taker.value && radio.value === taker.value && !radio.checked);
    });
  }

  // In the capture phase: before htmx reads the form for the live scores.
  document.addEventListener(
    "change",
    function (event) {
      var field = /** @type {HTMLInputElement} */ (event.target); // kept below: radios
      var form = /** @type {HTMLFormElement} */ (field.form); // none: left below
      if (!form || form.id !== "hand-form" || field.type !== "radio") {
        return;
      }
      if (field.name === "oudlers") {
        var points = /** @type {HTMLInputElement | null} */ (form.elements.namedItem("points"));
        if (points && !points.disabled) {
          points.focus();
          points.select(); // an edited hand's points: typing replaces them
        }
      } else if (field.name === "contract" && field.value === "") {
        ["taker", "partner"].forEach(function (name) {
          var nobody = choice(form, name, "");
          if (nobody) {
            nobody.checked = true;
          }
        });
        offerPartners(form);
      } else if (field.name === "taker") {
        offerPartners(form);
      }
    },
    true
  );

  function openBonusesWithErrors() {
    /** @type {NodeListOf<HTMLDetailsElement>} */
    var folds = document.querySelectorAll("#hand-form details.hand-bonuses");
    folds.forEach(function (fold) {
      if (!fold.open && fold.querySelector(".invalid-feedback > *, #chelem-question > *")) {
        fold.open = true;
      }
    });
  }
  document.addEventListener("htmx:afterSettle", openBonusesWithErrors);

  hintNext();
  watchBars();
  /** @type {NodeListOf<HTMLFormElement>} */
  var handForms = document.querySelectorAll("#hand-form");
  handForms.forEach(offerPartners);
  openBonusesWithErrors();
})();
