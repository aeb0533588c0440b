/** Wires the day's pickup request to the order log, the shop settings, Delhivery and the Sheet. */
import { createDelhivery } from '../delhivery/client.ts';
import { ORDERS_STORE, orderSettings } from '../orders/deps.ts';
import { createOrderLog } from '../orders/order-log.ts';
import { blobStore } from '../platform/blobs.ts';
import { readServerEnv, type ServerEnv } from '../platform/env.ts';
import { createSheets } from '../sheets/client.ts';
import { PICKUPS_STORE, type PickupDeps } from './service.ts';

export function createPickupDeps(env: ServerEnv = readServerEnv()): PickupDeps {
  return {
    log: createOrderLog(blobStore(ORDERS_STORE)),
    store: blobStore(PICKUPS_STORE),
    settings: orderSettings,
    carrier: createDelhivery(env),
    sheets: createSheets(env),
    now: () => new Date(),
  };
}
