// First import of the worker entry: when started from a blob bootstrap, chunks live where the bootstrap says.
declare let __webpack_public_path__: string;
const fromBootstrap = (self as unknown as { __MW_WORKER_PUBLIC_PATH__?: string }).__MW_WORKER_PUBLIC_PATH__;
if (fromBootstrap) __webpack_public_path__ = fromBootstrap;
export {};
