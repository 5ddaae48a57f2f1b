// Short-lived credentials kept fresh through a long run: the first request exchanges them, later ones
// reuse them until they come near their expiry, and then one exchange (shared by requests made at the
// same time) replaces them. A 6-hour job outlives a 1-hour token: it is renewed 5 minutes before it
// ends, or at half its life when it was granted for less than 10 minutes. Every value an exchange
// returns is handed to `secrets` (the redactor and the log's mask) before anything can use it.

export interface Granted<T> {
  value: T;
  /** When the credentials stop working (ms since the epoch); none: they last the run. */
  expiresAt?: number;
  /** The values to redact and mask: keys, tokens, everything but public identifiers. */
  secrets: string[];
}

export interface RefreshOptions {
  secrets(values: string[]): void;
  now?: () => number;
}

const MARGIN_MS = 5 * 60_000;

export function refreshing<T>(exchange: () => Promise<Granted<T>>, options: RefreshOptions): () => Promise<T> {
  const now = options.now ?? Date.now;
  let current: { value: T; renewAt: number } | undefined;
  let pending: Promise<T> | undefined;
  const renew = async (): Promise<T> => {
    const granted = await exchange();
    options.secrets(granted.secrets.filter(Boolean));
    current = { value: granted.value, renewAt: renewalTime(granted.expiresAt, now()) };
    return granted.value;
  };
  return () => {
    if (current && now() < current.renewAt) return Promise.resolve(current.value);
    pending ??= renew().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}

/** When to exchange again: 5 minutes before the end, or halfway for credentials granted for less than 10. */
function renewalTime(expiresAt: number | undefined, granted: number): number {
  if (expiresAt === undefined) return Number.POSITIVE_INFINITY;
  const life = expiresAt - granted;
  return life > 2 * MARGIN_MS ? expiresAt - MARGIN_MS : granted + life / 2;
}
