// @ts-check
// The offline service worker's code (docs/OFFLINE.md), imported by /sw.js after its
// release's configuration (self.TAROT_OFFLINE, tarot_club/offline.py) and the queue
// (js/offline.js, self.TarotQueue).
//
// - Static files (css/, js/, vendor/ with Pyodide, the engine's bundle): kept at install,
//   served from the release's cache, the network for any other.
// - The scorekeeper's pages (My tables, a sheet, the new-hand form, a duplicate board's
//   entry): the network first, always; the copy kept of the last one seen only when the
//   network fails, marked as a copy (data-offline-copy: the page says "no signal").
// - Every other page (an organiser's, a public one) and every other request: not
//   touched, so never from a cache. No answer to a POST is ever kept.
// - An entry form's post that fails for want of network goes to the queue, and the
//   browser to the table's sheet.
// - A release is one version: installed, it takes over at once (the next load is
//   served by it) and deletes the caches of the releases before it.
/* global TarotQueue */
// `self` is given typed as what it is, a service worker's scope (TypeScript's lib types
// the global `self` as any worker's).
(function (self) {
  "use strict";

  var config = self.TAROT_OFFLINE;
  var PREFIX = "tarot_club-";
  var STATIC = PREFIX + "static-" + config.version;
  var PAGES = PREFIX + "pages-" + config.version;
  var PAGE_WAIT_MS = 10000; // a page the network has not answered by then: the copy
  var KEEP_AT_MOST = 60;

  /** @param {string[]} list */
  function regexps(list) {
    return list.map(function (pattern) {
      return new RegExp(pattern);
    });
  }
  var pages = regexps(config.pages);
  var queued = regexps(config.queued);
  var fresh = regexps(config.fresh);
  var precached = new Set(config.precache);

  /**
   * @param {RegExp[]} patterns
   * @param {string} path
   */
  function matches(patterns, path) {
    return patterns.some(function (pattern) {
      return pattern.test(path);
    });
  }

  /** @param {string} url */
  function pageKey(url) {
    var parsed = new URL(url, self.location.href);
    return parsed.origin + parsed.pathname;
  }

  /** @param {Response} response */
  function keepable(response) {
    return (
      response.ok &&
      !response.redirected &&
      response.type === "basic" &&
      (response.headers.get("Content-Type") || "").indexOf("text/html") === 0
    );
  }

  self.addEventListener("install", function (event) {
    event.waitUntil(
      caches
        .open(STATIC)
        .then(function (cache) {
          // File by file: one missing file must not cost the others.
          return Promise.all(
            config.precache.map(function (url) {
              return cache.add(new Request(url, { cache: "reload" })).catch(function () {
                return null;
              });
            })
          );
        })
        .then(function () {
          return self.skipWaiting();
        })
    );
  });

  self.addEventListener("activate", function (event) {
    event.waitUntil(
      caches
        .keys()
        .then(function (names) {
          var old = names.filter(function (name) {
            return name.indexOf(PREFIX) === 0 && name !== STATIC && name !== PAGES;
          });
          // The pages the old release kept are fetched again for this one (they name
          // the old release's files), then every old cache goes.
          return refetchPages(old).then(function () {
            return Promise.all(
              old.map(function (name) {
                return caches.delete(name);
              })
            );
          });
        })
        .then(function () {
          return self.clients.claim();
        })
    );
  });

  /** @param {string[]} oldNames */
  function refetchPages(oldNames) {
    var pageCaches = oldNames.filter(function (name) {
      return name.indexOf(PREFIX + "pages-") === 0;
    });
    return Promise.all(
      pageCaches.map(function (name) {
        return caches
          .open(name)
          .then(function (cache) {
            return cache.keys();
          })
          .then(function (requests) {
            return keep(
              requests.map(function (request) {
                return new URL(request.url).pathname;
              })
            );
          });
      })
    ).catch(function () {
      return null;
    });
  }

  // Fetch and keep the scorekeeper's pages among `paths` (`force`: even those kept).
  /**
   * @param {string[]} paths
   * @param {boolean} [force]
   */
  function keep(paths, force) {
    var wanted = Array.from(new Set(paths))
      .filter(function (path) {
        return matches(pages, path);
      })
      .slice(0, KEEP_AT_MOST);
    return caches.open(PAGES).then(function (cache) {
      return Promise.all(
        wanted.map(function (path) {
          var key = pageKey(path);
          return cache.match(key).then(function (kept) {
            if (kept && !force) {
              return null;
            }
            return fetch(key, { credentials: "same-origin", cache: "no-store" })
              .then(function (response) {
                return keepable(response) ? cache.put(key, response) : null;
              })
              .catch(function () {
                return null;
              });
          });
        })
      );
    });
  }

  self.addEventListener("message", function (event) {
    // From a page of ours (offline.js keepPages); `paths` is checked just below.
    /** @type {{type?: string, paths: string[], current?: string | null}} */
    var data = event.data || {};
    if (data.type === "keep" && Array.isArray(data.paths)) {
      // The page the message comes from, when the worker did not see it, and the
      // new-hand forms it links to (they carry the next hand's number): kept afresh.
      // Other pages once (a board's page links to every board of its table).
      var forms = data.paths.filter(function (path) {
        return matches(fresh, path);
      });
      event.waitUntil(
        keep(data.current ? [data.current].concat(forms) : forms, true).then(function () {
          return keep(data.paths, false);
        })
      );
    }
  });

  /**
   * @template T
   * @param {Promise<T>} promise
   * @param {number} ms
   * @returns {Promise<T>}
   */
  function withTimeout(promise, ms) {
    return new Promise(function (resolve, reject) {
      var timer = setTimeout(function () {
        reject(new Error("timeout"));
      }, ms);
      promise.then(
        function (value) {
          clearTimeout(timer);
          resolve(value);
        },
        function (error) {
          clearTimeout(timer);
          reject(error);
        }
      );
    });
  }

  // The kept copy, marked so that the page says it is one (never shown as fresh).
  /** @param {Response} response */
  function asCopy(response) {
    return response.text().then(function (text) {
      var headers = new Headers(response.headers);
      headers.delete("Content-Length");
      headers.set("Cache-Control", "no-store");
      return new Response(text.replace(/<html\b/i, '<html data-offline-copy="1"'), {
        status: 200,
        headers: headers,
      });
    });
  }

  /** @param {Request} request */
  function networkFirst(request) {
    var key = pageKey(request.url);
    return withTimeout(fetch(request), PAGE_WAIT_MS).then(
      function (response) {
        if (keepable(response)) {
          var copy = response.clone();
          caches.open(PAGES).then(function (cache) {
            return cache.put(key, copy);
          });
        }
        return response;
      },
      function (error) {
        return caches
          .open(PAGES)
          .then(function (cache) {
            return cache.match(key);
          })
          .then(function (kept) {
            if (!kept) {
              throw error; // the browser's own "no connection" page
            }
            return asCopy(kept);
          });
      }
    );
  }

  /** @param {Request} request */
  function staticFirst(request) {
    return caches.open(STATIC).then(function (cache) {
      // Whatever the request's headers: the files are the release's (the bundle's answer
      // varies on Accept-Language and Cookie, which a worker's fetch may not send alike).
      return cache.match(request, { ignoreVary: true }).then(function (kept) {
        if (kept) {
          return kept;
        }
        return fetch(request).then(function (response) {
          if (response.ok && response.type === "basic") {
            cache.put(request, response.clone());
          }
          return response;
        });
      });
    });
  }

  // An entry form's post: to the network; without network, to the queue (with the key
  // it was sent with: had it arrived after all, sending it again stores nothing more).
  /** @param {Request} request */
  function postOrQueue(request) {
    var copy = request.clone();
    return fetch(request).catch(function () {
      var action = new URL(request.url).pathname;
      return copy
        .formData()
        .then(function (data) {
          /** @type {FormFields} */
          var fields = [];
          data.forEach(function (value, name) {
            if (typeof value === "string") {
              fields.push([name, value]);
            }
          });
          // Whose it is the worker does not know: the page it leads to claims it.
          return TarotQueue.add(TarotQueue.entry(action, fields, null, null));
        })
        .then(function () {
          return Response.redirect(TarotQueue.sheetOf(action) + "#pending-hands", 303);
        });
    });
  }

  self.addEventListener("fetch", function (event) {
    var request = event.request;
    var url = new URL(request.url);
    if (url.origin !== self.location.origin) {
      return;
    }
    if (request.method === "GET") {
      if (url.pathname.indexOf(config.static) === 0 || precached.has(url.pathname)) {
        event.respondWith(staticFirst(request));
      } else if (request.mode === "navigate" && matches(pages, url.pathname)) {
        event.respondWith(networkFirst(request));
      }
      return; // any other page or request: the network, untouched
    }
    if (request.method === "POST" && request.mode === "navigate") {
      if (config.forget.indexOf(url.pathname) !== -1) {
        // Logging in or out: the pages kept were someone else's, or will be.
        event.waitUntil(caches.delete(PAGES));
      } else if (matches(queued, url.pathname)) {
        event.respondWith(postOrQueue(request));
      }
    }
  });
})(/** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self)));
