// Named: the page preloads this chunk and the app's (rspack.base.ts, PreloadChunksPlugin).
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
