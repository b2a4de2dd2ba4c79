/** What the server answered to a request that did not succeed. */
export interface ApiResponse {
  status: number;
  /** The body: parsed JSON (DRF errors: `{"detail": …}` or field errors), else its text; null when empty. */
  data: unknown;
  headers: Headers;
}

/**
 * A failed API call: `response` is the server's answer, or null when none came (the network, a timeout).
 * Its own small module, so code that only reads a status (the query client's retry policy, in the entry
 * chunk) does not load the client.
 */
export class ApiError extends Error {
  readonly response: ApiResponse | null;

  constructor(message: string, response: ApiResponse | null) {
    super(message);
    this.name = 'ApiError';
    this.response = response;
  }

  get status(): number | undefined {
    return this.response?.status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
