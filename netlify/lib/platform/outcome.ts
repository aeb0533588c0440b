/**
 * What a call to an outside system (the Sheet, Delhivery, Razorpay) came to. Decisions read the
 * `code`, never the message: the message is for logs and for staff, and may be reworded freely.
 *
 * - `DUPLICATE`: the system already has this record (an earlier answer was lost); doing it again
 *   would double it.
 * - `NOT_CONFIGURED`: the system is switched off here (its variables are unset); nothing was sent.
 * - `UNREACHABLE`: no usable answer (network, timeout, 5xx, a body we cannot read); worth a retry.
 * - `REFUSED`: the system answered and said no; a retry as is will be refused again.
 * - `BUSY`: the system refused for now, in a way that heals by waiting (Google's quotas, its limit
 *   of simultaneous executions, a script's time limit, HTTP 429); retry later, nothing is wrong.
 */
export type FailureCode = 'DUPLICATE' | 'NOT_CONFIGURED' | 'UNREACHABLE' | 'REFUSED' | 'BUSY';

export type Failure = { ok: false; code: FailureCode; message: string };

export type Outcome<T extends object = object> = ({ ok: true } & T) | Failure;

export const failure = (code: FailureCode, message: string): Failure => ({ ok: false, code, message });
