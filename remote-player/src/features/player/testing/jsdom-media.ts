/**
 * What jsdom lacks for the player's modules to load: VTTCue (media-captions extends it when it finds a
 * document) and Worker (the worker client extends it; one that cannot start makes the client run inline,
 * as in a browser that refuses workers). Imported first by render-player.
 */
if (typeof window !== 'undefined' && !('VTTCue' in window)) {
  class VTTCue extends EventTarget {
    constructor(
      public startTime: number,
      public endTime: number,
      public text: string,
    ) {
      super();
    }
  }
  Object.assign(window, { VTTCue });
}
if (typeof window !== 'undefined' && !('Worker' in window)) {
  class Worker extends EventTarget {
    constructor() {
      super();
      throw new Error('no workers in jsdom');
    }
  }
  Object.assign(globalThis, { Worker });
}
export {};
