// @ts-check
// A form that writes is sent once: its submit buttons are disabled while the request
// is in flight, so a double tap on a slow connection sends one request. The server is
// the guarantee (one-time submission keys); this spares the second request.
(function () {
  "use strict";

  /**
   * @param {HTMLFormElement} form
   * @returns {NodeListOf<HTMLButtonElement | HTMLInputElement>}
   */
  function buttons(form) {
    return form.querySelectorAll("button[type=submit], button:not([type]), input[type=submit]");
  }

  document.addEventListener("submit", function (event) {
    var form = /** @type {HTMLFormElement} */ (event.target);
    if (event.defaultPrevented || (form.method || "").toLowerCase() !== "post") {
      return;
    }
    if (form.dataset.submitting) {
      event.preventDefault(); // a second submit (Enter, a fast second tap) while in flight
      return;
    }
    form.dataset.submitting = "1";
    form.setAttribute("aria-busy", "true");
    // Disabled after the browser has read the form: a disabled submit button would
    // drop its own name and value from the request.
    window.setTimeout(function () {
      buttons(form).forEach(function (button) {
        button.disabled = true;
        button.dataset.submitOnce = "1";
      });
    }, 0);
  });

  // Back to a page from the browser's cache: its forms can be sent again.
  window.addEventListener("pageshow", function () {
    /** @type {NodeListOf<HTMLFormElement>} */
    var forms = document.querySelectorAll("form[data-submitting]");
    forms.forEach(function (form) {
      delete form.dataset.submitting;
      form.removeAttribute("aria-busy");
      buttons(form).forEach(function (button) {
        if (button.dataset.submitOnce) {
          button.disabled = false;
          delete button.dataset.submitOnce;
        }
      });
    });
  });
})();
