/**
 * The guests' post views asked for in one turn of the event loop, read in one statement per board
 * (issue 24). On a busy server the requests of one poll of the sockets each want a post nobody
 * opened lately (search engines, shared links); read one by one, each paid its own round trip:
 * the send to the database (a tenth of a page's CPU in the server, the kernel's wake-up of a
 * backend) and the parsing of its answer, and the database its statement's overhead.
 *
 * Nothing waits for company: a read is sent once the turn that asked for it has run its callbacks
 * (setImmediate), alone when it is alone.
 */
export class BatchedReads<Row> {
  private pending = new Map<string, Map<number, Waiter<Row>[]>>();
  private scheduled = false;

  /**
   * `readMany` answers the rows of those of `itemNos` (distinct, at most MAX_BATCH) that exist, each
   * carrying its number as `numberOf` gives it.
   */
  constructor(
    private readonly readMany: (boardCode: string, itemNos: number[]) => Promise<Row[]>,
    private readonly numberOf: (row: Row) => number,
  ) {}

  read(boardCode: string, itemNo: number): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      let board = this.pending.get(boardCode);
      if (!board) this.pending.set(boardCode, (board = new Map()));
      const waiters = board.get(itemNo);
      if (waiters) waiters.push({ resolve, reject });
      else board.set(itemNo, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const boards = this.pending;
    this.pending = new Map();
    for (const [boardCode, wanted] of boards) {
      const itemNos = [...wanted.keys()];
      for (let i = 0; i < itemNos.length; i += MAX_BATCH) void this.send(boardCode, itemNos.slice(i, i + MAX_BATCH), wanted);
    }
  }

  private async send(boardCode: string, itemNos: number[], wanted: Map<number, Waiter<Row>[]>): Promise<void> {
    try {
      const found = new Map((await this.readMany(boardCode, itemNos)).map((row) => [this.numberOf(row), row]));
      for (const itemNo of itemNos) for (const waiter of wanted.get(itemNo)!) waiter.resolve(found.get(itemNo));
    } catch (error) {
      // Whatever failed, every caller of the statement hears of it (a settled one ignores this).
      for (const itemNo of itemNos) for (const waiter of wanted.get(itemNo)!) waiter.reject(error);
    }
  }
}

interface Waiter<Row> {
  resolve: (row: Row | undefined) => void;
  reject: (error: unknown) => void;
}

/** Posts read by one statement at most: its answer stays a few hundred KB (a post's body and neighbours each). */
export const MAX_BATCH = 32;
