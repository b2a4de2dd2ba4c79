/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface RawRequest {
    path?: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  export interface Request extends RawRequest {
    /** Returns the request to send; a falsy value restarts the sequence at the first request. */
    setupRequest?: (req: RawRequest, context: Record<string, unknown>) => RawRequest | null;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: Request[];
  }

  export interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p97_5: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
