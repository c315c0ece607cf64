// ESLint over the site's own scripts (tarot_club/static/js, served as written: no
// build step) and the unit tests of frontend/tests. Run from the repository root with
// this file named (`-c frontend/eslint.config.mjs`): an explicit config file takes its
// paths from the working directory, and the scripts are outside frontend/.
// scripts/check_js.sh and `npm run lint` do both.
import js from "@eslint/js";
import globals from "globals";

const STATIC = "tarot_club/static/js";

export default [
  {
    // The packages npm installs (ESLint leaves them by default too).
    ignores: ["**/node_modules/"],
  },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  {
    // Classic scripts, loaded by <script src> on the pages: each is an IIFE in strict
    // mode, so that nothing leaks onto window but what it names.
    files: [`${STATIC}/**/*.js`],
    languageOptions: {
      sourceType: "script",
      globals: { ...globals.browser },
    },
  },
  {
    // The queue's half of offline.js runs in the service worker too (/sw.js imports
    // it before offline-sw.js).
    files: [`${STATIC}/offline.js`],
    languageOptions: {
      globals: { ...globals.browser, ...globals.serviceworker },
    },
  },
  {
    files: [`${STATIC}/offline-sw.js`],
    languageOptions: {
      globals: { ...globals.serviceworker },
    },
  },
  {
    // Modules: <script type="module"> and the worker it starts with {type: "module"}.
    files: [`${STATIC}/engine.js`],
    languageOptions: {
      sourceType: "module",
      globals: { ...globals.browser },
    },
  },
  {
    files: [`${STATIC}/engine-worker.js`],
    languageOptions: {
      sourceType: "module",
      globals: { ...globals.worker },
    },
  },
  {
    files: ["frontend/**/*.mjs"],
    languageOptions: {
      sourceType: "module",
      globals: { ...globals.node },
    },
  },
];
