import { describe, expect, it } from 'vitest';
import { sseParser, type StreamEvent } from './event-stream.ts';

function parse(chunks: string[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  const feed = sseParser((event) => events.push(event));
  chunks.forEach(feed);
  return events;
}

describe('sseParser', () => {
  it('reads named events with ids, skipping comments', () => {
    expect(parse([': heartbeat\n\nid: 7\nevent: job\ndata: {"state":"running"}\n\n'])).toEqual([
      { event: 'job', id: '7', data: '{"state":"running"}' },
    ]);
  });

  it('joins events split anywhere across chunks, and CRLF line ends', () => {
    expect(parse(['event: jo', 'b\r', '\ndata: 1\r\n', '\r\n', 'data: 2\n', '\n'])).toEqual([
      { event: 'job', id: undefined, data: '1' },
      { event: 'message', id: undefined, data: '2' },
    ]);
  });

  it('keeps the last id for later events and joins data lines', () => {
    expect(parse(['id: a\ndata: x\ndata: y\n\nevent: best\ndata: z\n\n'])).toEqual([
      { event: 'message', id: 'a', data: 'x\ny' },
      { event: 'best', id: 'a', data: 'z' },
    ]);
  });

  it('holds an event without its blank line', () => {
    expect(parse(['event: job\ndata: 1\n'])).toEqual([]);
  });
});
