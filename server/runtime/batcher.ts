/**
 * Runs many callers' small writes as few statements: what arrives while the database is busy
 * with earlier batches waits and goes in the next one. Each statement, its commit and its round
 * trip cost far more than the rows it writes, so at load a batch of fifty costs about what one
 * costs alone; when the database is idle, a write goes at once (within the same turn of the event
 * loop, with whatever else arrived in it), so batching adds no wait.
 */
export class Batcher<I, O> {
  private queue: { input: I; resolve: (output: O) => void; reject: (error: Error) => void }[] = [];
  private running = 0;
  private scheduled = false;

  /**
   * @param run writes a batch and answers one output per input, in the same order
   * @param parallel batches under way at once (each holds a database connection)
   * @param most inputs in one batch
   */
  constructor(
    private readonly run: (inputs: I[]) => Promise<O[]>,
    private readonly parallel = 2,
    private readonly most = 200,
  ) {}

  add(input: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.parallel || this.queue.length === 0) return;
    this.scheduled = true;
    // After the I/O callbacks of this turn: the reports that arrived together go together.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.running >= this.parallel || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.most);
    this.running += 1;
    // More waiting than one batch takes: a free slot starts the next at once.
    this.schedule();
    try {
      const outputs = await this.run(batch.map((entry) => entry.input));
      batch.forEach((entry, i) => entry.resolve(outputs[i]));
    } catch (error) {
      for (const entry of batch) entry.reject(error as Error);
    } finally {
      this.running -= 1;
      this.schedule();
    }
  }
}
