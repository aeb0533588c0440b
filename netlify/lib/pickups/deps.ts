/** Wires the day's pickup request to the order log, its task row, the shop settings, Delhivery and the Sheet. */
import { createDelhivery } from '../delhivery/client.ts';
import { orderSettings } from '../orders/deps.ts';
import { createOrderLog } from '../orders/order-log.ts';
import { database } from '../platform/database.ts';
import { readServerEnv, type ServerEnv } from '../platform/env.ts';
import { createSheets } from '../sheets/client.ts';
import type { PickupDeps } from './service.ts';

export function createPickupDeps(env: ServerEnv = readServerEnv()): PickupDeps {
  return {
    log: createOrderLog(database()),
    db: database(),
    settings: orderSettings,
    carrier: createDelhivery(env),
    sheets: createSheets(env),
    now: () => new Date(),
  };
}
