/** The shape of an early action (actions.ts, decision 028): one file of src/early per action. */
export type EarlyResult = 'replay' | 'done' | 'hold';
export type EarlyAction = (control: HTMLElement) => EarlyResult;

/** Marks what an action hid; cleared once the held taps are replayed and React shows its own. */
export const EARLY_HIDDEN = 'data-early-hidden';
