// undici's Pool, imported by its path so that only it (not undici's whole entry point) is loaded.
// The package types its entry point only; this is the part of Pool the client uses.
declare module 'undici/lib/dispatcher/pool.js' {
  interface PoolLike {
    dispatch(options: Record<string, unknown>, handler: Record<string, unknown>): boolean;
    close(): Promise<void>;
    destroy(): Promise<void>;
  }
  const Pool: new (origin: string, options: Record<string, unknown>) => PoolLike;
  export default Pool;
}

// undici's connector factory (also by its path): the client wraps the connector it builds.
declare module 'undici/lib/core/connect.js' {
  type Callback = (error: Error | null, socket: unknown) => void;
  type Connector = (options: Record<string, unknown>, callback: Callback) => void;
  const buildConnector: (options: { timeout?: number }) => Connector;
  export default buildConnector;
}
