/** A failure that retrying cannot fix: a 4xx other than 408/429, an invalid target, a refused address, missing config. */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
}

/** A failure worth retrying; `retryAfterMs` when the receiver said how long to wait (429 Retry-After / retry_after). */
export class RetryableDeliveryError extends Error {
  override readonly name = 'RetryableDeliveryError';

  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}
