/**
 * A parser for the text/event-stream format (the HTML standard's "server-sent events" interpretation
 * rules), for streams read with fetch: EventSource cannot send an Authorization header.
 */

export interface SseEvent {
  /** The `event:` field, or 'message' when the event named none. */
  type: string;
  /** The `data:` lines joined with newlines. */
  data: string;
  /** The last event id the stream has set so far (ids persist across events until changed). */
  lastEventId: string;
}

export interface SseHandlers {
  onEvent: (event: SseEvent) => void;
  /** A `retry:` field: the reconnection delay the server asks for, in milliseconds. */
  onRetry?: (ms: number) => void;
  /** Any line arrived, comments included: the connection is alive (heartbeats are comments). */
  onActivity?: () => void;
}

export interface SseParser {
  /** Feeds decoded text; chunks may end anywhere, even between a CR and its LF. */
  push: (text: string) => void;
  /** The last event id seen, for Last-Event-ID on reconnection. */
  readonly lastEventId: string;
}

export function createSseParser(handlers: SseHandlers, initialLastEventId = ''): SseParser {
  let buffer = '';
  let data: string[] = [];
  let type = '';
  let lastEventId = initialLastEventId;
  let started = false;
  // A chunk that ended with CR: an LF opening the next chunk belongs to the same line break.
  let afterCR = false;

  function dispatch() {
    if (data.length > 0) handlers.onEvent({ type: type || 'message', data: data.join('\n'), lastEventId });
    data = [];
    type = '';
  }

  function line(text: string) {
    handlers.onActivity?.();
    if (text === '') {
      dispatch();
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        data.push(value);
        break;
      case 'event':
        type = value;
        break;
      case 'id':
        if (!value.includes('\0')) lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) handlers.onRetry?.(Number(value));
        break;
      default:
        // Unknown fields are ignored.
        break;
    }
  }

  function push(text: string) {
    if (!started && text.length > 0) {
      started = true;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    if (afterCR && text.startsWith('\n')) text = text.slice(1);
    afterCR = false;
    buffer += text;
    let start = 0;
    for (let i = 0; i < buffer.length; i += 1) {
      const char = buffer[i];
      if (char !== '\n' && char !== '\r') continue;
      line(buffer.slice(start, i));
      if (char === '\r') {
        if (i + 1 < buffer.length) {
          if (buffer[i + 1] === '\n') i += 1;
        } else {
          afterCR = true;
        }
      }
      start = i + 1;
    }
    buffer = buffer.slice(start);
  }

  return {
    push,
    get lastEventId() {
      return lastEventId;
    },
  };
}

/**
 * Reads a byte stream to its end through the parser, decoding UTF-8 across chunk boundaries. An
 * unfinished event at the end is dropped, as the standard says.
 */
export async function readSseStream(body: ReadableStream<Uint8Array>, parser: SseParser): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
  } finally {
    reader.releaseLock();
  }
}
