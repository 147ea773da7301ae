/** The engine while the Remote Playback API moves the <video> itself to a cast device. */
import { describe, expect, it } from 'vitest';
import { FakeRemote, FakeVideo, flush, setup } from './testkit';

describe('PlaybackEngine', () => {
  describe('casting (Remote Playback API)', () => {
    const castingVideo = (nativeHls: boolean) => {
      const video = Object.assign(new FakeVideo(), { remote: new FakeRemote() });
      if (nativeHls) video.canPlayType = () => 'maybe';
      return video;
    };

    it('follows the connection state and the device availability', async () => {
      const video = castingVideo(false);
      const { engine } = setup(undefined, video);
      await flush();
      expect(engine.state.casting).toBe('disconnected');
      video.remote.availability?.(true);
      expect(engine.state.castAvailable).toBe(true);
      video.remote.change('connecting');
      expect(engine.state.casting).toBe('connecting');
      video.remote.change('connected');
      expect(engine.state.casting).toBe('connected');
      expect(await engine.requestCast()).toBe(true);
      expect(video.remote.prompt).toHaveBeenCalledOnce();
      engine.destroy();
      expect(video.remote.cancelWatchAvailability).toHaveBeenCalledWith(1);
    });

    it('on connect, loads an HLS source again at the current time as a URL the cast device can take; on disconnect, through hls.js again', async () => {
      const video = castingVideo(true);
      const { engine, instances } = setup(undefined, video);
      await engine.load({ type: 'hls', url: 'https://x/master.m3u8', captions: [] });
      expect(instances).toHaveLength(1);
      await engine.play();
      video.currentTime = 42;
      video.remote.change('connecting');
      expect(instances[0]!.destroy).not.toHaveBeenCalled(); // connecting alone changes nothing
      video.remote.change('connected');
      await flush();
      expect(instances[0]!.destroy).toHaveBeenCalled();
      expect(video.src).toBe('https://x/master.m3u8');
      video.currentTime = 0;
      video.dispatchEvent(new Event('loadedmetadata'));
      expect(video.currentTime).toBe(42);
      expect(video.play).toHaveBeenCalledTimes(2); // it was playing: it plays on

      video.currentTime = 50;
      video.remote.change('disconnected');
      await flush();
      expect(instances).toHaveLength(2);
      expect(instances[1]!.config).toMatchObject({ startPosition: 50 });
    });

    it('reloads a file source at the current time and quality, paused when it was paused', async () => {
      const video = castingVideo(false);
      const { engine } = setup(undefined, video);
      await engine.load({ type: 'file', captions: [], qualities: { '1080': 'https://x/1080.mp4', '720': 'https://x/720.mp4' } });
      engine.setQuality('720');
      video.load.mockClear();
      video.currentTime = 7;
      video.remote.change('connected');
      await flush();
      expect(video.load).toHaveBeenCalledOnce();
      expect(video.src).toBe('https://x/720.mp4');
      video.currentTime = 0;
      video.dispatchEvent(new Event('loadedmetadata'));
      expect(video.currentTime).toBe(7);
      expect(video.play).not.toHaveBeenCalled();
    });

    it('without a source, a connection change loads nothing', async () => {
      const video = castingVideo(false);
      const { engine, loadHls } = setup(undefined, video);
      video.remote.change('connected');
      await flush();
      expect(engine.state.casting).toBe('connected');
      expect(loadHls).not.toHaveBeenCalled();
      expect(video.load).not.toHaveBeenCalled();
    });
  });
});
