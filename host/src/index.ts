// Named: the page preloads this chunk and the app's (rspack.base.ts, PreloadChunksPlugin).
// From a timer, in a task after main.js's own: imported directly, its start (the federation runtime resolving the
// shared modules, the chunk's evaluation) ran inside main.js's task and made it one long task.
const start = () => setTimeout(() => void import(/* webpackChunkName: "bootstrap" */ './bootstrap'), 0);
// Where index.html draws a page's first frame from early answers (Discover's first row), it asks the app to start
// once the frame's posters are painted, so that evaluating the app does not hold them back (at most 500 ms).
const firstFrame = (window as { __mwFirstFrame?: Promise<unknown> }).__mwFirstFrame;
if (firstFrame) void firstFrame.then(start, start);
else start();
