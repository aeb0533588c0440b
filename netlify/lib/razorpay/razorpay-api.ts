/**
 * Razorpay's Orders API over fetch. (The `razorpay` SDK pulls in axios, whose dependency chain
 * breaks Netlify's function packaging on Node 20; docs/decisions/007. Three REST calls do not
 * need it.) `RAZORPAY_BASE_URL` points it at a fake upstream in contract tests.
 */
import type { GatewayOrder, PaymentGateway } from './gateway.ts';

type RazorpayOrderEntity = { id: string; amount: number | string; currency: string; receipt?: string; status: string };

function toGatewayOrder(entity: RazorpayOrderEntity): GatewayOrder {
  return {
    id: entity.id,
    amountPaise: Number(entity.amount),
    currency: 'INR',
    receipt: entity.receipt ?? '',
    status: entity.status === 'paid' ? 'paid' : entity.status === 'attempted' ? 'attempted' : 'created',
  };
}

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret?: string | undefined;
  /** `https://api.razorpay.com` in production. */
  baseUrl: string;
}

export function razorpayGateway(
  { keyId, keySecret, webhookSecret, baseUrl }: RazorpayConfig,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): PaymentGateway {
  const api = `${baseUrl.replace(/\/+$/, '')}/v1`;
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const request = async (path: string, init: RequestInit = {}) => {
    const response = await fetchImpl(`${api}${path}`, {
      ...init,
      headers: { authorization, 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const description = (body as { error?: { description?: string } } | undefined)?.error?.description;
      throw new Error(`Razorpay ${path} answered ${response.status}${description ? `: ${description}` : ''}`);
    }
    return body;
  };
  return {
    kind: 'razorpay',
    keyId,
    keySecret,
    webhookSecret,
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await request('/orders', {
        method: 'POST',
        body: JSON.stringify({ amount: amountPaise, currency: 'INR', receipt, notes }),
      });
      return toGatewayOrder(order as RazorpayOrderEntity);
    },
    async fetchOrder(id) {
      try {
        return toGatewayOrder((await request(`/orders/${encodeURIComponent(id)}`)) as RazorpayOrderEntity);
      } catch (error) {
        console.warn(`razorpay: order ${id} could not be fetched`, error);
        return undefined;
      }
    },
    async capturedPaymentId(orderId) {
      const payments = (await request(`/orders/${encodeURIComponent(orderId)}/payments`)) as {
        items: { id: string; status: string }[];
      };
      return payments.items.find((payment) => payment.status === 'captured')?.id;
    },
  };
}
