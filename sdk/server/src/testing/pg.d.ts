// The few calls the test kit makes of `pg` (the package ships no types; @types/pg is not a dependency).
declare module 'pg' {
  export class Client {
    constructor(options: { connectionString: string });
    connect(): Promise<void>;
    query(text: string, params?: unknown[]): Promise<{ rows: any[] }>;
    end(): Promise<void>;
  }
  const pg: { Client: typeof Client };
  export default pg;
}
