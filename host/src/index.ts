// Named: the page preloads this chunk and the app's (rspack.base.ts, PreloadChunksPlugin).
// In a task of its own: started while main.js evaluates (the federation runtime), the boot made that one task
// of ~50 ms at 4× CPU, and the page paints its shell before main.js runs (issue 19).
setTimeout(() => void import(/* webpackChunkName: "bootstrap" */ './bootstrap'), 0);
