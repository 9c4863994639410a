/** Whether a gated server of this process accepted a connection in the last turn it released. */
let burst = false;

/**
 * Whether this process is accepting a burst of connections: a gated server accepted one in the
 * current turn or the last (the listening socket may hold more). Work that blocks the one
 * thread for a while, such as SQLite's commit waiting for its fsync, can wait a little while this
 * lasts, so that each turn stays short and the connections are accepted sooner (the SQLite
 * group commit, modules/orders/orders.group-commit.ts). Process-wide, as the event loop is.
 */
export function acceptingBurst(): boolean {
  return burst;
}

/**
 * Keeps the event loop turning while connections wait to be accepted: in a turn that accepted a
 * connection, at most `whileAccepting` requests start their work; the others wait, first come
 * first served, for the next turns. Otherwise every request starts at once, as without the gate.
 *
 * Why: Node's event loop accepts one new connection per turn (libuv 1.45 and later,
 * libuv/libuv#3696), and a turn does the work of every request read in it. In a flash sale
 * (200 buyers connecting at once, each order about half a millisecond of the one thread) a turn
 * took 100 to 250 ms, so the last buyers to connect waited 10 s and more before the server
 * accepted them at all. A connection accepted in a turn means more may be waiting (the listening
 * socket is still readable); while that lasts, short turns accept them within a second or two,
 * and the requests already accepted wait some turns instead (docs/performance.md).
 *
 * Requests are released at the start of a turn's check phase (`setImmediate`), before any request
 * read in the next turn, so the order of arrival is kept.
 */
export class TurnGate {
  readonly #whileAccepting: number;
  /** How many requests may start in this turn. */
  #share = Infinity;
  /** Whether a connection was accepted since the last release. */
  #accepted = false;
  /** Requests started since the last release. */
  #started = 0;
  readonly #waiting: Array<() => void> = [];
  /** Index of the first waiting request in #waiting (a queue without shifting the array). */
  #head = 0;
  #releaseScheduled = false;

  constructor(whileAccepting: number) {
    if (!Number.isInteger(whileAccepting) || whileAccepting < 1) {
      throw new RangeError(`whileAccepting must be a positive integer, not ${whileAccepting}`);
    }
    this.#whileAccepting = whileAccepting;
  }

  /** Requests waiting for a later turn. */
  get waiting(): number {
    return this.#waiting.length - this.#head;
  }

  /** The server accepted a connection (its `connection` event). */
  noteConnection(): void {
    this.#accepted = true;
    burst = true;
    this.#share = this.#whileAccepting;
    this.#scheduleRelease();
  }

  /** Runs `start` now if this turn has room and no request waits, else in a later turn. */
  admit(start: () => void): void {
    if (this.waiting === 0 && this.#started < this.#share) {
      this.#started++;
      this.#scheduleRelease();
      start();
      return;
    }
    this.#waiting.push(start);
    this.#scheduleRelease();
  }

  #scheduleRelease(): void {
    if (this.#releaseScheduled) return;
    this.#releaseScheduled = true;
    setImmediate(this.#release);
  }

  /** A turn's check phase: a new share, first to the requests that wait. */
  readonly #release = (): void => {
    this.#releaseScheduled = false;
    const accepted = this.#accepted;
    this.#share = accepted ? this.#whileAccepting : Infinity;
    this.#accepted = false;
    // A turn that accepted a connection is a burst until a turn accepts none.
    burst = accepted;
    this.#started = 0;
    while (this.#started < this.#share) {
      const start = this.#waiting[this.#head];
      if (start === undefined) break;
      this.#head++;
      this.#started++;
      start();
    }
    if (this.waiting === 0 || this.#head > 1024) {
      this.#waiting.splice(0, this.#head);
      this.#head = 0;
    }
    // Scheduled from a check phase, the next release runs in the next turn's: while requests
    // start, each turn gets its share (and forgets a connection accepted turns ago); after a
    // turn that accepted one, the next says whether the burst goes on.
    if (this.#started > 0 || accepted) this.#scheduleRelease();
  };
}
