/**
 * The task rows a change of the order earns for its steps that are not forwards or notices (the
 * engine says which, src/shop/order-engine/transition.ts `earnedSteps`): the cancellation's booking
 * step (`cancel-booking`), each refund to ask of Razorpay (`refund`) and a COD order's chase steps
 * (`cod-chase`, each due at its time). A step earned again (a
 * booking that landed after its cancellation was done) arms its row anew.
 */

import type { StoredOrder } from '#shop/order/index.ts';
import { earnedSteps } from '#shop/order-engine/index.ts';
import type { TaskWrite } from './order-tasks.ts';
import type { TaskRow } from './task-view.ts';

export function stepTaskWrites(
  current: StoredOrder | undefined,
  next: StoredOrder,
  byKey: ReadonlyMap<string, TaskRow>,
): TaskWrite[] {
  return earnedSteps(current, next).map(
    ({ key, kind, runAt }): TaskWrite =>
      byKey.has(key)
        ? { op: 'arm', key, state: 'pending', attempts: 0 }
        : {
            op: 'insert',
            key,
            kind,
            state: 'pending',
            attempts: 0,
            payload: {},
            result: {},
            ...(runAt ? { runAt } : {}),
          },
  );
}
