// pgpass (node-postgres's own ~/.pgpass reader) ships no types.
declare module 'pgpass' {
  interface ConnectionInfo {
    host?: string;
    port?: number | string;
    database?: string;
    user?: string;
  }
  function pgpass(info: ConnectionInfo, callback: (password: string | undefined) => void): void;
  export default pgpass;
}
