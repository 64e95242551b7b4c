export type MicrosoftErrorKind = 'unauthorized' | 'refused' | 'unreachable' | 'rate_limited' | 'invalid_response';

/**
 * A failed Microsoft identity or Graph call. Its message is built from safe parts only (status lines, error codes,
 * the first sentence of an AADSTS description scrubbed of the secret) and it has no cause: never the client
 * secret or an access token. `status` is the HTTP status when Microsoft answered.
 */
export class MicrosoftError extends Error {
  constructor(
    readonly kind: MicrosoftErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MicrosoftError';
  }
}
