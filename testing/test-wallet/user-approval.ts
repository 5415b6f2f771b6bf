/**
 * The wallet's popups, as far as a test needs them: a request can be held
 * until the test "clicks", so the page can be seen in its waiting state.
 */
export type HeldApproval = {
  /** Resolves when the first held request arrives. */
  reached: Promise<void>;
  /** Lets held requests (and later ones) through. */
  release(): void;
};

export class UserApproval {
  readonly #held = new Map<string, { approved: Promise<void>; reached(): void }>();

  /** Holds every request for one of `methods` until `release()`. */
  hold(...methods: string[]): HeldApproval {
    let release = () => {};
    const approved = new Promise<void>((resolve) => {
      release = () => {
        for (const method of methods) this.#held.delete(method);
        resolve();
      };
    });
    let reached = () => {};
    const reachedPromise = new Promise<void>((resolve) => {
      reached = resolve;
    });
    for (const method of methods) this.#held.set(method, { approved, reached });
    return { reached: reachedPromise, release };
  }

  /** Resolves at once unless `method` is held; then when it is released. */
  async of(method: string): Promise<void> {
    const held = this.#held.get(method);
    if (!held) return;
    held.reached();
    await held.approved;
  }
}
