// Named: the page preloads this chunk and the app's (rspack.base.ts, PreloadChunksPlugin).
// From a timer, in a task after main.js's own: imported directly, its start (the federation runtime resolving the
// shared modules, the chunk's evaluation) ran inside main.js's task and made it one long task.
setTimeout(() => void import(/* webpackChunkName: "bootstrap" */ './bootstrap'), 0);
