// The few calls the kernel makes of `pg` directly (the LISTEN connection of auth/session-cache.ts);
// the package ships no types and @types/pg is not a dependency.
declare module 'pg' {
  export interface Notification {
    channel: string;
    payload?: string;
  }
  export class Client {
    constructor(options: { connectionString: string; keepAlive?: boolean; application_name?: string });
    connect(): Promise<void>;
    query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
    end(): Promise<void>;
    on(event: 'notification', listener: (n: Notification) => void): this;
    on(event: 'error', listener: (err: Error) => void): this;
    on(event: 'end', listener: () => void): this;
  }
  const pg: { Client: typeof Client };
  export default pg;
}
