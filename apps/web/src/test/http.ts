import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { afterEach } from 'vitest';
import { api } from '@/lib/api-client.ts';

export interface StubReply {
  status: number;
  data?: unknown;
}

export interface StubbedRequest {
  method: string;
  url: string;
  body: unknown;
  /** The query parameters, as strings (undefined when the request had none). */
  params?: Record<string, string>;
}

/**
 * Answers the app's API client in place of a server for the rest of the test: `handler` sees each
 * request (method, url, parsed JSON body) and returns a status and body.
 */
export function stubApi(handler: (request: StubbedRequest) => StubReply | Promise<StubReply>): StubbedRequest[] {
  const requests: StubbedRequest[] = [];
  const original = api.defaults.adapter;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const params =
      config.params && typeof config.params === 'object'
        ? Object.fromEntries(Object.entries(config.params as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
        : undefined;
    const request: StubbedRequest = { method: (config.method ?? 'get').toUpperCase(), url: config.url ?? '', body };
    if (params) request.params = params;
    requests.push(request);
    const reply = await handler(request);
    const response: AxiosResponse = {
      // null is a real JSON answer (e.g. no active race thoughts); only a missing body becomes {}.
      data: reply.data === undefined ? {} : reply.data,
      status: reply.status,
      statusText: String(reply.status),
      headers: new AxiosHeaders(),
      config,
    };
    if (reply.status < 400) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, 'ERR_BAD_REQUEST', config, null, response);
  };
  api.defaults.adapter = adapter;
  afterEach(() => {
    api.defaults.adapter = original;
  });
  return requests;
}
