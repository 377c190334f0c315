import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../core/db/client.ts';
import type { EventBus } from '../../core/events/event-bus.ts';
import type { FeedClock } from '../../core/events/feed-clock.ts';
import type { SseBatch, SseMessage } from '../../core/events/sse.ts';
import { TWIN_CHANGED_EVENT, twinChannel } from '../equipment/index.ts';
import { readBoard, readCards } from './digital-twin.query.ts';

/**
 * The least time between two reads of a line's changed cards. Machines report every second or so and
 * a board needs no more than a few frames a second: what changes meanwhile is read together next.
 */
export const CARD_READ_INTERVAL_MS = 200;

/**
 * The least time between two updates of one machine's card on a board. A person reads no faster, and
 * a line of 100 machines reporting several times a second would otherwise send each viewer hundreds
 * of cards a second, more than a browser draws: a machine that changed again sooner waits, and is read when its second
 * is up, so the card then sent is its latest state.
 */
export const CARD_MIN_INTERVAL_MS = 1000;

type Send = (batch: SseBatch) => void;

/**
 * Turns a line's `changed` notices into its cards read afresh, for every board stream of the line open
 * in this process: one follower per line, however many browsers watch, so 500 messages a second on a
 * line cost at most five reads a second here, and each read's cards are one batch — one object, made
 * into text once (`openEventStream`) and written to each viewer in one write. Ids that arrive while a
 * read runs, sooner than CARD_READ_INTERVAL_MS after the last read, or sooner than CARD_MIN_INTERVAL_MS
 * after their machine's last card, wait; none is dropped, so the last card sent for a machine was read
 * after its last change.
 */
class LineFeed {
  readonly #listeners = new Set<Send>();
  readonly #changed = new Set<string>();
  /** When each machine's card last went out (the board counts for all of its machines). */
  readonly #sentAt = new Map<string, number>();
  readonly #unsubscribe: () => void;
  #cancelTimer: (() => void) | undefined;
  #timerAt = Infinity;
  #reading = false;
  #lastReadAt = -Infinity;

  constructor(
    private readonly db: Db,
    bus: EventBus,
    private readonly productId: string,
    private readonly log: FastifyBaseLogger,
    private readonly clock: FeedClock,
  ) {
    this.#unsubscribe = bus.subscribe(twinChannel(productId), (event) => {
      if (event.type !== TWIN_CHANGED_EVENT) return;
      const ids = (event.data as { equipmentIds?: unknown } | null)?.equipmentIds;
      if (!Array.isArray(ids)) return;
      for (const id of ids) if (typeof id === 'string') this.#changed.add(id);
      this.#schedule();
    });
  }

  get idle(): boolean {
    return this.#listeners.size === 0;
  }

  add(send: Send): () => void {
    this.#listeners.add(send);
    return () => this.#listeners.delete(send);
  }

  close(): void {
    this.#cancelTimer?.();
    this.#unsubscribe();
  }

  /** When a machine's card may go out again. */
  #dueAt(id: string): number {
    return (this.#sentAt.get(id) ?? -Infinity) + CARD_MIN_INTERVAL_MS;
  }

  /** Sets the next read for the first changed machine that may go out; sooner if one changed since. */
  #schedule() {
    if (this.#reading || this.#changed.size === 0) return;
    let first = Infinity;
    for (const id of this.#changed) first = Math.min(first, this.#dueAt(id));
    const at = Math.max(this.#lastReadAt + CARD_READ_INTERVAL_MS, first);
    if (this.#cancelTimer && this.#timerAt <= at) return;
    this.#cancelTimer?.();
    this.#timerAt = at;
    this.#cancelTimer = this.clock.after(Math.max(0, at - this.clock.now()), () => {
      this.#cancelTimer = undefined;
      void this.#read();
    });
  }

  async #read() {
    const now = this.clock.now();
    const ids = [...this.#changed].filter((id) => this.#dueAt(id) <= now);
    // A timer may fire a millisecond early by the clock's reading: nothing is due yet, wait again.
    if (ids.length === 0) return this.#schedule();
    for (const id of ids) this.#changed.delete(id);
    // Machines whose second is up and that did not change need no entry any more.
    for (const [id, at] of this.#sentAt) if (at + CARD_MIN_INTERVAL_MS <= now) this.#sentAt.delete(id);
    this.#reading = true;
    this.#lastReadAt = now;
    try {
      const { cards } = await readCards(this.db, this.productId, Date.now(), ids);
      let batch: SseMessage[];
      if (cards.length < ids.length) {
        // A machine moved off the line has no card here any more: the whole board goes again.
        const board = await readBoard(this.db, this.productId);
        for (const card of board.items) this.#sentAt.set(card.equipmentId, now);
        batch = [{ event: 'board', data: board }];
      } else {
        for (const card of cards) this.#sentAt.set(card.equipmentId, now);
        batch = cards.map((card) => ({ event: 'card', data: card }));
      }
      if (batch.length > 0) for (const send of [...this.#listeners]) send(batch);
    } catch (error) {
      this.log.warn({ err: error, productId: this.productId }, 'reading changed twin cards failed');
    } finally {
      this.#reading = false;
      this.#schedule();
    }
  }
}

/** The line feeds of one app (one process's API): created with the first stream of a line, gone with its last. */
export class TwinCardFeeds {
  readonly #lines = new Map<string, LineFeed>();

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly clock: FeedClock,
  ) {}

  /** Card (and, when the line's machines changed, board) batches of a line for one stream. */
  follow(productId: string, send: Send): () => void {
    let line = this.#lines.get(productId);
    if (!line) this.#lines.set(productId, (line = new LineFeed(this.db, this.bus, productId, this.log, this.clock)));
    const remove = line.add(send);
    return () => {
      remove();
      if (line.idle && this.#lines.get(productId) === line) {
        line.close();
        this.#lines.delete(productId);
      }
    };
  }

  close(): void {
    for (const line of this.#lines.values()) line.close();
    this.#lines.clear();
  }
}
