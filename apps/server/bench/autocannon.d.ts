/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface RawRequest {
    path?: string;
    method?: string;
    headers?: Record<string, string>;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: { setupRequest?: (req: RawRequest) => RawRequest }[];
  }

  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p97_5: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  }

  interface Instance extends EventEmitter, PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
