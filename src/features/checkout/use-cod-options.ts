import { useEffect, useState } from 'react';
import { type CartItem, toOrderLines } from '../../shop/cart/index.ts';
import { indianMobile } from '../../shop/phone.ts';
import type { CodOptionsResponse } from '../../shop/schemas/index.ts';
import { codOptions } from './api.ts';

/** What the delivery form holds that the COD rules read (docs/shop-rules.md §10 rule 17). */
export interface TypedDelivery {
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  pincode: string;
}

const FIELDS = ['phone', 'address1', 'address2', 'city', 'state', 'pincode'] as const;

/** The delivery as the form holds it now (typed, autofilled, or restored before the page was live). */
export function typedDelivery(form: HTMLFormElement): TypedDelivery {
  const data = new FormData(form);
  return Object.fromEntries(FIELDS.map((name) => [name, String(data.get(name) ?? '')])) as unknown as TypedDelivery;
}

/** How long the shopper's typing rests before the server is asked. */
export const COD_CHECK_DEBOUNCE_MS = 600;

/**
 * The COD rules' answer for the cart and the delivery typed so far: asked once the phone, the
 * address and the pincode are there, after the typing rests. Undefined while unknown (not asked,
 * asking, or the call failed): unknown never blocks plain COD — the server decides at Place Order.
 */
export function useCodOptions(items: CartItem[], delivery: TypedDelivery | undefined): CodOptionsResponse | undefined {
  const [answer, setAnswer] = useState<{ key: string; options: CodOptionsResponse }>();
  const lines = toOrderLines(items);
  const phone = indianMobile(delivery?.phone ?? '');
  const ready = delivery && phone && delivery.address1.trim() && /^[1-9]\d{5}$/.test(delivery.pincode) && lines.length;
  const key = ready ? JSON.stringify([lines, { ...delivery, phone }]) : '';

  useEffect(() => {
    if (!key) return;
    let current = true;
    const timer = setTimeout(() => {
      const [orderLines, typed] = JSON.parse(key) as [ReturnType<typeof toOrderLines>, TypedDelivery];
      void codOptions({ lines: orderLines, delivery: typed }).then((result) => {
        if (current && result.ok) setAnswer({ key, options: result.data });
      });
    }, COD_CHECK_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);

  return answer?.key === key && key ? answer.options : undefined;
}

/**
 * Why plain COD is off, in the shopper's words, or undefined while it is offered: the carrier's
 * refusal first, then the rules' sentence for any outcome but `allow`.
 */
export function codOffSentence(
  carrierRefusal: string | undefined,
  rules: CodOptionsResponse | undefined,
): string | undefined {
  if (carrierRefusal) return carrierRefusal;
  return rules?.outcome === 'allow' ? undefined : (rules?.message ?? undefined);
}
