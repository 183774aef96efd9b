import pg from 'pg';

/**
 * pg emits 'error' on a client whose connection is cut (the server restarted or ended the backend, the
 * network dropped, the database was dropped `with (force)`), and Node throws an 'error' event nobody
 * listens to: the process would end, and a test run fail with "Connection terminated unexpectedly" though
 * every test passed. The queries in flight, and every query after, reject with the loss, so whoever uses
 * the client learns of it there; the event itself only needs a listener. `onError` may add one that acts.
 */
export function heedLoss<C extends pg.Client | pg.PoolClient>(client: C, onError?: (error: Error) => void): C {
  client.on('error', onError ?? (() => {}));
  return client;
}

/** A plain client (not from a pool) whose cut connection is heeded (see heedLoss); the caller connects and ends it. */
export function pgClient(config: string | pg.ClientConfig, onError?: (error: Error) => void): pg.Client {
  return heedLoss(new pg.Client(typeof config === 'string' ? { connectionString: config } : config), onError);
}
