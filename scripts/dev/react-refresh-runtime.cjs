/*
 * Development only: one React Refresh runtime for the whole composed page. Each app bundles its own
 * copy, but the host's runs first (before react-dom registers) and is the only one that sees the
 * renderer, so every app's components register with that first instance. See rspack.base.ts.
 */
'use strict';
const key = '__MW_REACT_REFRESH_RUNTIME__';
module.exports = globalThis[key] || (globalThis[key] = require('react-refresh/cjs/react-refresh-runtime.development.js'));
