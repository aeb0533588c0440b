/** An order service wired to test doubles: Blobs on the local server, a recording Sheet and carrier. */
import { vi } from 'vitest';
import { orderSettings } from '../../netlify/lib/deps.ts';
import { readServerEnv, type ServerEnv } from '../../netlify/lib/env.ts';
import { createOrderLog } from '../../netlify/lib/order-log.ts';
import type { OrderDeps } from '../../netlify/lib/orders.ts';
import { createGateway } from '../../netlify/lib/razorpay.ts';
import { content } from '../../src/content/content.server.ts';
import type { OrderRecord } from '../../src/shop/order.ts';
import type { ShipmentRecord } from '../../src/shop/shipment.ts';
import type { TestBlobs } from './blobs.ts';

let counter = 0;

export interface TestOrderWorld {
  deps: OrderDeps;
  sheetRows: (OrderRecord & { paymentId?: string })[];
  shipments: ShipmentRecord[];
  sheetDown: boolean;
  carrierDown: boolean;
  clock: { now: Date };
  gatewayStoreName: string;
}

export function orderWorld(blobs: TestBlobs, env: Partial<ServerEnv> = {}): TestOrderWorld {
  counter += 1;
  const gatewayStoreName = `gateway-${counter}`;
  const serverEnv = { ...readServerEnv({}), ...env };
  const world: TestOrderWorld = {
    sheetRows: [],
    shipments: [],
    sheetDown: false,
    carrierDown: false,
    clock: { now: new Date('2026-11-21T10:00:00.000Z') },
    gatewayStoreName,
    deps: undefined as unknown as OrderDeps,
  };
  const seen = new Set<string>();
  world.deps = {
    log: createOrderLog(blobs.store(`orders-${counter}`)),
    catalogue: () => content().catalogue(),
    settings: orderSettings,
    gateway: () => createGateway(serverEnv, () => blobs.store(gatewayStoreName)),
    sheets: {
      appendOrder: vi.fn(async (order) => {
        if (world.sheetDown) return { ok: false as const, reason: 'Sheet unreachable' };
        if (seen.has(order.orderId)) return { ok: true as const, duplicate: true };
        seen.add(order.orderId);
        world.sheetRows.push(order);
        return { ok: true as const, duplicate: false };
      }),
    },
    carrier: {
      quoteRate: vi.fn(async () => undefined),
      createShipment: vi.fn(async ({ shipment }) => {
        if (world.carrierDown) return { sent: false as const, reason: 'Delhivery answered 503' };
        world.shipments.push(shipment);
        return { sent: true as const, waybill: `WB${world.shipments.length}` };
      }),
    },
    now: () => world.clock.now,
  };
  return world;
}
