/**
 * The bench's side of the account server: registering users through the real challenge flow, and a
 * minimal raw-socket HTTP/1.1 client for the measured requests, so that the bench takes little of the
 * CPU the server needs.
 */
import net from 'node:net';
import { keysFromSeed, signChallenge } from 'account-crypto';

export interface User {
  id: string;
  token: string;
  watched: number;
}

/** POSTs JSON; the answer is read as `T` (the backend's contract), not checked. */
async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'backend-bench',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json as T;
}

export async function registerUsers(base: string, count: number): Promise<User[]> {
  const users: User[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const keys = keysFromSeed(crypto.getRandomValues(new Uint8Array(32)));
      const { challenge } = await post<{ challenge: string }>(`${base}/auth/register/start`, {});
      const done = await post<{ user: { id: string }; token: string }>(`${base}/auth/register/complete`, {
        publicKey: keys.publicKeyWire,
        challenge: { code: challenge, signature: signChallenge(challenge, keys.seed) },
        namespace: 'movie-web',
        device: 'bench',
        profile: { colorA: '#000000', colorB: '#ffffff', icon: 'couch' },
      });
      users.push({ id: done.user.id, token: done.token, watched: 0 });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return users;
}

/**
 * A minimal HTTP/1.1 keep-alive client on raw sockets, for the measured PUTs: each request is one
 * write, and only the status line and the body's length are parsed, so that the bench takes as
 * little as it can of the CPU it shares with the server (node:http costs several times more).
 */
export class Client {
  private readonly idle: Connection[] = [];
  private readonly waiting: (() => void)[] = [];
  private open = 0;
  private closed = false;
  /** Keep-alive connections the server closed as idle just as they were reused (sent again, counted). */
  resets = 0;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly maxConnections = 256,
  ) {}

  static for(base: string): Client {
    const url = new URL(base);
    return new Client(url.hostname, Number(url.port));
  }

  async put(pathname: string, token: string, body: string): Promise<number> {
    const head =
      `PUT ${pathname} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nUser-Agent: backend-bench\r\n\r\n`;
    const request = head + body;
    const connection = await this.take();
    try {
      return await connection.send(request);
    } catch (error) {
      // A keep-alive connection the server closed as idle just as it was reused: sent again on a new
      // connection, as browsers do for idempotent requests; counted, so it cannot hide real failures.
      if (!(error instanceof ConnectionClosed) || !error.reused) throw error;
      this.resets++;
      const fresh = await this.take(true);
      return await fresh.send(request).finally(() => this.give(fresh));
    } finally {
      this.give(connection);
    }
  }

  destroy(): void {
    this.closed = true;
    for (const c of this.idle.splice(0)) c.socket.destroy();
  }

  private async take(fresh = false): Promise<Connection> {
    for (;;) {
      if (this.closed) throw new Error('client closed');
      if (!fresh) {
        const idle = this.idle.pop(); // most recently used first: the fewest connections stay busy
        if (idle) return idle;
      }
      if (this.open < this.maxConnections || fresh) {
        this.open++;
        const connection: Connection = new Connection(net.connect(this.port, this.host), () => this.gone(connection));
        return connection;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private gone(connection: Connection): void {
    this.open--;
    const i = this.idle.indexOf(connection);
    if (i >= 0) this.idle.splice(i, 1);
    this.waiting.shift()?.();
  }

  private give(connection: Connection): void {
    if (connection.dead || this.closed) {
      connection.socket.destroy();
      return;
    }
    this.idle.push(connection);
    this.waiting.shift()?.();
  }
}

class ConnectionClosed extends Error {
  constructor(readonly reused: boolean) {
    super('connection closed before the response');
  }
}

/** One keep-alive connection: one request at a time. */
class Connection {
  dead = false;
  private used = 0;
  private buffer: Buffer = Buffer.alloc(0);
  private current: { resolve: (status: number) => void; reject: (error: Error) => void } | undefined;

  constructor(
    readonly socket: net.Socket,
    onClose: () => void,
  ) {
    socket.setNoDelay(true);
    socket.setTimeout(30_000, () => socket.destroy(new Error('timeout')));
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.parse();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => {
      this.fail(new ConnectionClosed(this.used > 1));
      onClose();
    });
  }

  send(request: string): Promise<number> {
    if (this.dead) return Promise.reject(new ConnectionClosed(this.used > 0));
    this.used++;
    return new Promise((resolve, reject) => {
      this.current = { resolve, reject };
      this.socket.write(request);
    });
  }

  private fail(error: Error): void {
    this.dead = true;
    const current = this.current;
    this.current = undefined;
    current?.reject(error);
  }

  /** Completes the current request once its whole response is in (Content-Length or chunked). */
  private parse(): void {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0 || !this.current) return;
    const head = this.buffer.subarray(0, end).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let total: number;
    if (length) total = end + 4 + Number(length[1]);
    else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const last = this.buffer.indexOf('\r\n0\r\n\r\n', end);
      if (last < 0) return;
      total = last + 7;
    } else total = end + 4;
    if (this.buffer.length < total) return;
    this.buffer = this.buffer.subarray(total);
    if (/\r\nconnection: *close/i.test(head)) this.dead = true;
    const current = this.current;
    this.current = undefined;
    current.resolve(status);
  }
}

export function progressUpdate(client: Client, user: User, sequence: number): Promise<number> {
  const tmdbId = String(100 + (sequence % 20));
  user.watched += 3;
  return client.put(
    `/users/${user.id}/progress/${tmdbId}`,
    user.token,
    JSON.stringify({
      tmdbId,
      meta: { title: `Bench title ${tmdbId}`, year: 2020, poster: '/p.jpg', type: 'show' },
      duration: 3600,
      watched: user.watched,
      seasonId: `s${tmdbId}-1`,
      episodeId: `e${tmdbId}-${sequence % 10}`,
      seasonNumber: 1,
      episodeNumber: sequence % 10,
    }),
  );
}
