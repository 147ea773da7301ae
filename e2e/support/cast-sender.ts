/**
 * Stand-in of Google's Cast sender (cast_sender.js?loadCastFramework=1 from www.gstatic.com), served
 * with page.route: it defines cast.framework and chrome.cast as the Web Sender SDK documents them
 * (CastContext with cast states and session states, CastSession.loadMedia, RemotePlayer and
 * RemotePlayerController with their change events, MediaInfo, GenericMediaMetadata, LoadRequest) and
 * calls window.__onGCastApiAvailable, with a simulated receiver per device (cast-receiver.ts).
 * The browser is presented as Google Chrome (client hints), the browsers the framework works in.
 *
 * Test controls on window.__castStandIn: addDevice(name), picker ('first' | 'cancel'), receiver()
 * (state and request log of the connected device), endFromReceiver() (the receiver app closes).
 */
import type { Page } from '@playwright/test';
import { createReceiver, type Receiver, type ReceiverState } from './cast-receiver';
import { remotePlayerStandIn } from './cast-remote-player';
import { castSdkStandIn } from './cast-sdk';

export const CAST_SENDER_URL = 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1';

export type CastStandInMode =
  /** The framework loads and a Cast API is there. */
  | 'available'
  /** The script loads but says the API is not available (as in a Chrome without Cast). */
  | 'unavailable'
  /** The script does not load (network failure). */
  | 'fail';

export interface CastStandInControls {
  addDevice(name: string): void;
  picker: 'first' | 'cancel';
  receiver(): { device: string; state: ReceiverState; log: Receiver['log'] } | null;
  /** Where the receiver was when the last session ended (the RemotePlayers' savedPlayerState). */
  saved: { currentTime: number; isPaused: boolean } | null;
  endFromReceiver(): void;
  /** setOptions calls, as the page made them. */
  options: Array<{ receiverApplicationId: string; autoJoinPolicy: string }>;
}

/** Runs in the page: everything it uses is inside it or comes as an argument (each serialised on its own). */
function castFrameworkStandIn(
  makeReceiver: () => Receiver,
  makeSdk: typeof castSdkStandIn,
  makePlayers: typeof remotePlayerStandIn,
  initialDevices: string[],
) {
  const sdk = makeSdk();
  const {
    Emitter,
    CastState,
    SessionState,
    CastContextEventType,
    RemotePlayerEventType,
    ErrorCode,
    Image,
    MediaInfo,
    GenericMediaMetadata,
    LoadRequest,
  } = sdk;
  type LoadRequest = InstanceType<typeof LoadRequest>;

  // Devices and their receivers.
  const devices: string[] = [...initialDevices];
  const receivers = new Map<string, Receiver>();
  const receiverOf = (device: string) => {
    let receiver = receivers.get(device);
    if (!receiver) {
      receiver = makeReceiver();
      receiver.onChange(() => broadcast());
      receivers.set(device, receiver);
    }
    return receiver;
  };

  /** The Cast SDK rejects with a chrome.cast.ErrorCode string, not an Error; so does its stand-in. */
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the SDK's own contract
  const castError = (code: string): Promise<never> => Promise.reject(code);

  let session: CastSession | null = null;

  class CastSession {
    device: string;
    id = `session-${Math.random().toString(36).slice(2)}`;
    state = SessionState.SESSION_STARTED;
    constructor(device: string) {
      this.device = device;
    }
    getSessionId() {
      return this.id;
    }
    getSessionState() {
      return this.state;
    }
    getCastDevice() {
      return { deviceId: `device-${this.device}`, friendlyName: this.device, label: this.device, capabilities: ['video_out', 'audio_out'] };
    }
    loadMedia(request: LoadRequest) {
      if (!(request instanceof LoadRequest) || !(request.media instanceof MediaInfo) || !request.media.contentId)
        return castError(ErrorCode.INVALID_PARAMETER);
      return receiverOf(this.device)
        .load(request)
        .then(
          () => undefined,
          () => castError(ErrorCode.LOAD_MEDIA_FAILED),
        );
    }
    endSession(stopCasting: boolean) {
      endSession(stopCasting);
    }
  }
  const { RemotePlayer, RemotePlayerController, broadcast, saveState } = makePlayers(sdk, () =>
    session ? { device: session.device, receiver: receiverOf(session.device) } : null,
  );

  // cast.framework.CastContext
  class CastContext extends Emitter {
    options: { receiverApplicationId: string; autoJoinPolicy: string } | null = null;
    castState = CastState.NO_DEVICES_AVAILABLE;
    sessionState = SessionState.NO_SESSION;
    setOptions(options: { receiverApplicationId?: string; autoJoinPolicy?: string }) {
      if (!options?.receiverApplicationId) throw new Error('CastContext.setOptions: receiverApplicationId is required');
      this.options = {
        receiverApplicationId: options.receiverApplicationId,
        autoJoinPolicy: options.autoJoinPolicy ?? 'tab_and_origin_scoped',
      };
      controls.options.push(this.options);
      setTimeout(() => this.discover(), 50);
    }
    discover() {
      if (this.castState === CastState.NO_DEVICES_AVAILABLE && devices.length && this.options) this.setCastState(CastState.NOT_CONNECTED);
    }
    setCastState(castState: string) {
      if (this.castState === castState) return;
      this.castState = castState;
      this.emit(CastContextEventType.CAST_STATE_CHANGED, { castState });
    }
    setSessionState(sessionState: string, errorCode: string | null = null) {
      this.sessionState = sessionState;
      this.emit(CastContextEventType.SESSION_STATE_CHANGED, { sessionState, session, errorCode });
    }
    getCastState() {
      return this.castState;
    }
    getSessionState() {
      return this.sessionState;
    }
    getCurrentSession() {
      return session;
    }
    requestSession() {
      if (!this.options) return castError(ErrorCode.API_NOT_INITIALIZED);
      if (!devices.length) return castError(ErrorCode.RECEIVER_UNAVAILABLE);
      // The device picker: the test decides what the person does in it.
      return new Promise<void>((resolve, reject) => {
        setTimeout(() => {
          if (controls.picker === 'cancel') return void castError(ErrorCode.CANCEL).catch(reject);
          this.setCastState(CastState.CONNECTING);
          this.setSessionState(SessionState.SESSION_STARTING);
          setTimeout(() => {
            session = new CastSession(devices[0]!);
            this.setCastState(CastState.CONNECTED);
            this.setSessionState(SessionState.SESSION_STARTED);
            broadcast();
            resolve(undefined);
          }, 100);
        }, 50);
      });
    }
    endCurrentSession(stopCasting: boolean) {
      endSession(stopCasting);
    }
    setLaunchCredentialsData() {}
  }
  const context = new CastContext();

  function endSession(stopCasting: boolean) {
    const ending = session;
    if (!ending) return;
    const receiver = receiverOf(ending.device);
    context.setSessionState(SessionState.SESSION_ENDING);
    // Where the receiver was, kept on every RemotePlayer (savedPlayerState) before it stops.
    const saved = { mediaInfo: null, currentTime: receiver.state.currentTime, isPaused: receiver.state.paused };
    saveState(saved);
    controls.saved = { currentTime: saved.currentTime, isPaused: saved.isPaused };
    if (stopCasting) receiver.stop();
    ending.state = SessionState.SESSION_ENDED;
    session = null;
    broadcast();
    context.setCastState(devices.length ? CastState.NOT_CONNECTED : CastState.NO_DEVICES_AVAILABLE);
    context.setSessionState(SessionState.SESSION_ENDED);
  }

  const controls = {
    picker: 'first' as 'first' | 'cancel',
    saved: null as { currentTime: number; isPaused: boolean } | null,
    options: [] as Array<{ receiverApplicationId: string; autoJoinPolicy: string }>,
    addDevice(name: string) {
      devices.push(name);
      context.discover();
    },
    receiver() {
      if (!session) return null;
      const receiver = receiverOf(session.device);
      return { device: session.device, state: { ...receiver.state }, log: [...receiver.log] };
    },
    endFromReceiver() {
      // The receiver app closes (the TV's remote, another sender): the session ends, the media with it.
      endSession(true);
    },
  };

  const w = window as unknown as Record<string, unknown> & {
    chrome?: Record<string, unknown>;
    __onGCastApiAvailable?: (available: boolean, reason?: string) => void;
  };
  w.chrome ??= {};
  w.chrome.cast = {
    AutoJoinPolicy: { TAB_AND_ORIGIN_SCOPED: 'tab_and_origin_scoped', ORIGIN_SCOPED: 'origin_scoped', PAGE_SCOPED: 'page_scoped' },
    ErrorCode,
    Image,
    isAvailable: true,
    media: {
      DEFAULT_MEDIA_RECEIVER_APP_ID: 'CC1AD845',
      StreamType: { BUFFERED: 'BUFFERED', LIVE: 'LIVE', OTHER: 'OTHER' },
      PlayerState: { IDLE: 'IDLE', PLAYING: 'PLAYING', PAUSED: 'PAUSED', BUFFERING: 'BUFFERING' },
      MediaInfo,
      GenericMediaMetadata,
      MovieMediaMetadata: GenericMediaMetadata,
      LoadRequest,
    },
  };
  w.cast = {
    framework: {
      CastContext: { getInstance: () => context },
      CastContextEventType,
      CastState,
      SessionState,
      RemotePlayer,
      RemotePlayerController,
      RemotePlayerEventType,
      CastSession,
    },
  };
  w.__castStandIn = controls;
  // The real script calls back once its framework script has loaded: later than this one.
  setTimeout(() => w.__onGCastApiAvailable?.(true), 20);
}

/**
 * Serves the Cast sender at its gstatic address: the stand-in framework, a script that reports no
 * Cast API, or a network failure. Returns the requests made for it.
 */
export async function installCastSender(
  page: Page,
  options: { mode?: CastStandInMode; devices?: string[] } = {},
): Promise<{ requests: string[] }> {
  const { mode = 'available', devices = ['Living Room TV'] } = options;
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'userAgentData', {
      configurable: true,
      get: () => ({
        brands: [
          { brand: 'Google Chrome', version: '131' },
          { brand: 'Chromium', version: '131' },
          { brand: 'Not_A Brand', version: '24' },
        ],
        mobile: false,
        platform: 'Linux',
      }),
    });
  });
  const requests: string[] = [];
  await page.route(
    (url) => url.href.startsWith('https://www.gstatic.com/cv/js/sender/'),
    (route) => {
      requests.push(route.request().url());
      if (mode === 'fail') return route.abort('internetdisconnected');
      const body =
        mode === 'unavailable'
          ? `setTimeout(function () { window.__onGCastApiAvailable && window.__onGCastApiAvailable(false, 'No cast extension found'); }, 20);`
          : `(function () { var createReceiver = ${createReceiver.toString()}; var castSdk = ${castSdkStandIn.toString()}; var remotePlayers = ${remotePlayerStandIn.toString()}; (${castFrameworkStandIn.toString()})(createReceiver, castSdk, remotePlayers, ${JSON.stringify(devices)}); })();`;
      return route.fulfill({ contentType: 'text/javascript', body });
    },
  );
  return { requests };
}

type StandInWindow = { __castStandIn: CastStandInControls };

/** The connected receiver's state and the requests it got (null without a session). */
export const castReceiver = (page: Page) => page.evaluate(() => (window as unknown as StandInWindow).__castStandIn.receiver());

/** A Cast device comes into reach. */
export const addCastDevice = (page: Page, name: string) =>
  page.evaluate((n) => (window as unknown as StandInWindow).__castStandIn.addDevice(n), name);

/** What the person does in the device picker. */
export const setCastPicker = (page: Page, picker: 'first' | 'cancel') =>
  page.evaluate((p) => void ((window as unknown as StandInWindow).__castStandIn.picker = p), picker);

/** The receiver ends the session (its app closes). */
export const endCastFromReceiver = (page: Page) =>
  page.evaluate(() => (window as unknown as StandInWindow).__castStandIn.endFromReceiver());

/** Where the receiver was when the last session ended. */
export const castSaved = (page: Page) => page.evaluate(() => (window as unknown as StandInWindow).__castStandIn.saved);

/** The CastContext options the page set. */
export const castOptions = (page: Page) => page.evaluate(() => (window as unknown as StandInWindow).__castStandIn.options);
