// @ts-check
// The hall screen (tournaments/views/screen.py): shows one screen at a time, turning
// every data-seconds, and reads the screens afresh every data-refresh from
// data-live-url without reloading the page. A failed read keeps the last screens:
// a hall's wifi drops and the projector must not go blank.
(function () {
  "use strict";
  var found = document.getElementById("hall-screen");
  if (!found) {
    return;
  }
  var root = found;
  var seconds = Math.max(1, Number(root.dataset.seconds) || 15) * 1000;
  var refresh = Math.max(1, Number(root.dataset.refresh) || 30) * 1000;
  var liveUrl = /** @type {string} */ (root.dataset.liveUrl); // the template sets it

  function pages() {
    return root.querySelectorAll(".hall-page");
  }

  function currentIndex() {
    var list = pages();
    for (var i = 0; i < list.length; i += 1) {
      if (list[i].classList.contains("is-current")) {
        return i;
      }
    }
    return 0;
  }

  var index = currentIndex();

  /** @param {number} wanted */
  function show(wanted) {
    var list = pages();
    if (!list.length) {
      return;
    }
    index = ((wanted % list.length) + list.length) % list.length;
    for (var i = 0; i < list.length; i += 1) {
      list[i].classList.toggle("is-current", i === index);
    }
    root.dataset.current = String(index + 1);
  }

  function reload() {
    fetch(liveUrl, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) {
        if (!response.ok) {
          throw new Error(String(response.status));
        }
        return response.text();
      })
      .then(function (html) {
        // Our own template, escaped by Django: the same trust as the page itself.
        root.innerHTML = html;
        show(index);
        root.dataset.refreshed = String(Number(root.dataset.refreshed || 0) + 1);
      })
      .catch(function () {
        // Keep the screens shown; the next refresh tries again.
      });
  }

  show(index);
  window.setInterval(function () { show(index + 1); }, seconds);
  window.setInterval(reload, refresh);
})();
