/**
 * A Worker that also starts when this remote's code was loaded from another origin (inside the host):
 * `new Worker(crossOriginUrl)` throws SecurityError, so a same-origin blob bootstrap importScripts the
 * worker chunk instead and tells it where its own chunks live. rspack treats
 * `new CrossOriginWorker(new URL('./x.worker.ts', import.meta.url))` as worker syntax (rspack.base.ts).
 */
export class CrossOriginWorker extends Worker {
  constructor(url: URL | string, options?: WorkerOptions) {
    const href = new URL(String(url), self.location.href);
    if (href.origin === self.location.origin) {
      super(href, options);
      return;
    }
    const publicPath = href.href.slice(0, href.href.lastIndexOf('/') + 1);
    const source = `self.__MW_WORKER_PUBLIC_PATH__=${JSON.stringify(publicPath)};importScripts(${JSON.stringify(href.href)});`;
    const blobUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    super(blobUrl, { ...options, type: 'classic' });
    // The worker has read the blob by the time it runs; give the URL back soon after.
    setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
  }
}
