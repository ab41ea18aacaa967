// ESLint (flat config) for the site's own JavaScript: `make lint` runs it over static/js
// and over tests/js, the Node tests of the judge's queue (`make test-js`).
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    // The judge's page: ES modules in the browser (templates/tournaments/offline/_head.html).
    files: ["static/js/judge/**/*.js"],
    languageOptions: {ecmaVersion: "latest", sourceType: "module", globals: globals.browser},
  },
  {
    // Every page's plain script (templates/base.html), and the standings widget a club's
    // page loads with a plain <script> tag (README.md).
    files: ["static/js/logout.js", "static/js/widget/**/*.js"],
    languageOptions: {ecmaVersion: "latest", sourceType: "script", globals: globals.browser},
  },
  {
    files: ["tests/js/**/*.mjs", "eslint.config.js"],
    languageOptions: {ecmaVersion: "latest", sourceType: "module", globals: globals.node},
  },
];
