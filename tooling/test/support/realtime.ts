import { io, type Socket } from 'socket.io-client';

/** A socket.io client signed in with `token`; resolves once the server has joined it to its rooms. */
export function connect(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    s.once('ready', () => resolve(s));
    s.once('auth', (e) => reject(new Error(`auth ${JSON.stringify(e)}`)));
    s.once('connect_error', reject);
  });
}

export function nextEvent<T = any>(s: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no ${event} event in ${timeoutMs} ms`)), timeoutMs);
    s.once(event, (p: T) => {
      clearTimeout(t);
      resolve(p);
    });
  });
}

/** Collects every payload of an event until stopped. */
export function record<T = any>(s: Socket, event: string): T[] {
  const seen: T[] = [];
  s.on(event, (p: T) => seen.push(p));
  return seen;
}
