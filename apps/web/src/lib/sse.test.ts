import { describe, expect, it, vi } from 'vitest';
import { createSseParser, readSseStream, type SseEvent } from './sse.ts';

function collect(chunks: string[], initialId = '') {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const onActivity = vi.fn();
  const parser = createSseParser(
    { onEvent: (e) => events.push(e), onRetry: (ms) => retries.push(ms), onActivity },
    initialId,
  );
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries, onActivity, parser };
}

const stream = (chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });

describe('server-sent events parser', () => {
  it('reads an event with its id, type and JSON data', () => {
    const { events, parser } = collect(['id: 7\nevent: thought.created\ndata: {"type":"thought.created"}\n\n']);
    expect(events).toEqual([{ type: 'thought.created', data: '{"type":"thought.created"}', lastEventId: '7' }]);
    expect(parser.lastEventId).toBe('7');
  });

  it('puts an event together from chunks that end anywhere, even between CR and LF', () => {
    const text = 'id: 12\r\nevent: thought.liked\r\ndata: {"like_count":3}\r\n\r\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      const { events } = collect([text.slice(0, cut), text.slice(cut)]);
      expect(events, `cut at ${cut}`).toEqual([{ type: 'thought.liked', data: '{"like_count":3}', lastEventId: '12' }]);
    }
    const { events } = collect(text.split(''));
    expect(events).toHaveLength(1);
  });

  it('accepts LF, CRLF and lone CR line endings', () => {
    const { events } = collect(['data: a\n\n', 'data: b\r\n\r\n', 'data: c\r\rdata: d\r\n\n']);
    expect(events.map((e) => e.data)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('joins multi-line data with newlines and keeps a value without its one leading space', () => {
    const { events } = collect(['data: line one\ndata:line two\ndata:  indented\ndata\n\n']);
    expect(events[0]?.data).toBe('line one\nline two\n indented\n');
  });

  it('ignores comment lines (heartbeats) but reports them as activity', () => {
    const { events, onActivity } = collect([': heartbeat\n\n', ':\n', 'data: x\n\n']);
    expect(events.map((e) => e.data)).toEqual(['x']);
    expect(onActivity).toHaveBeenCalled();
  });

  it('keeps the last id for later events, and dispatches nothing for an event without data', () => {
    const { events, parser } = collect([
      'id: 3\n\n',
      'data: a\n\n',
      'id: 4\nevent: thought.deleted\n\n',
      'data: b\n\n',
    ]);
    expect(events).toEqual([
      { type: 'message', data: 'a', lastEventId: '3' },
      { type: 'message', data: 'b', lastEventId: '4' },
    ]);
    expect(parser.lastEventId).toBe('4');
  });

  it('starts from the id given and resets it with an empty id field', () => {
    const { events } = collect(['data: a\n\n', 'id\ndata: b\n\n'], '40');
    expect(events.map((e) => e.lastEventId)).toEqual(['40', '']);
  });

  it('reports retry: only when it is all digits', () => {
    const { retries } = collect(['retry: 2500\n', 'retry: soon\n', 'retry: 10s\n\n']);
    expect(retries).toEqual([2500]);
  });

  it('drops an unfinished event at the end and ignores unknown fields and a BOM', () => {
    const { events } = collect(['\uFEFFdata: done\nfoo: bar\n\n', 'data: never finished']);
    expect(events.map((e) => e.data)).toEqual(['done']);
  });

  it('decodes UTF-8 split across chunks', async () => {
    const bytes = new TextEncoder().encode('data: Pérez on pole 🏁\n\n');
    const split = bytes.indexOf(0xc3) + 1; // inside "é"
    const emoji = bytes.indexOf(0xf0) + 2; // inside the flag
    const events: SseEvent[] = [];
    const parser = createSseParser({ onEvent: (e) => events.push(e) });
    await readSseStream(stream([bytes.slice(0, split), bytes.slice(split, emoji), bytes.slice(emoji)]), parser);
    expect(events[0]?.data).toBe('Pérez on pole 🏁');
  });
});
