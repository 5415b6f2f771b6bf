/** What a bench returns when it could not measure: the reason, never made-up figures. */
export type Skipped<Bench extends string> = { bench: Bench; skipped: string };
