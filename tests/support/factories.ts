/** Typed factories shared by unit tests, msw handlers and end-to-end specs. */

import type { CartItem } from '../../src/shop/cart/index.ts';
import type { Product, Variant } from '../../src/shop/catalogue/index.ts';
import type { Customer, PricedLine } from '../../src/shop/order/index.ts';
import { statesForPincode } from '../../src/shop/pincodes/index.ts';
import type {
  OrderView,
  PincodeCheckResponse,
  ShippingQuoteResponse,
  TrackView,
} from '../../src/shop/schemas/index.ts';

export function makeVariant(overrides: Partial<Variant> = {}): Variant {
  return { size: '500gm', price: 347, stock: 100, weight: 500, ...overrides };
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    name: 'Himalayan White Rajma',
    category: 'Pulses',
    description: 'Creamy white kidney beans grown on terraced fields in Uttarakhand.',
    keyFeatures: [],
    nutritionHighlights: [],
    nutritionBenefits: [],
    images: [{ src: '/media/products/white-rajma-pack.svg', alt: 'A pack of white rajma', width: 800, height: 800 }],
    variants: [makeVariant(), makeVariant({ size: '1kg', price: 691, weight: 1000 })],
    benefits: ['High Protein', 'Fibre-rich', 'Gluten-free'],
    bestseller: true,
    discountPercent: 0,
    ...overrides,
  };
}

/** The six products with the docs/shop-rules.md §9 prices, enough for pricing tests without the content layer. */
export function makeCatalogue(): Product[] {
  return [
    makeProduct(),
    makeProduct({ id: 2, name: 'Himalayan Red Rajma', bestseller: false }),
    makeProduct({
      id: 3,
      name: 'Badri Cow Ghee',
      category: 'Dairy',
      variants: [
        makeVariant({ size: '120gm', price: 450, stock: 50, weight: 120 }),
        makeVariant({ size: '295gm', price: 1067, stock: 50, weight: 295 }),
        makeVariant({ size: '495gm', price: 1795, stock: 50, weight: 495 }),
      ],
    }),
    makeProduct({ id: 4, name: 'Himalayan Black Soyabean', bestseller: false }),
    makeProduct({
      id: 5,
      name: 'Himalayan Red Rice',
      category: 'Grains',
      bestseller: false,
      variants: [makeVariant({ size: '1kg', price: 347, weight: 1000 })],
    }),
    makeProduct({
      id: 6,
      name: 'Wild Himalayan Tempering Spice',
      category: 'Spices',
      variants: [makeVariant({ size: '23gm', price: 347, stock: 60, weight: 23 })],
    }),
  ];
}

export function makeCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    product_retailer_id: '1_500gm',
    productId: 1,
    name: 'Himalayan White Rajma',
    size: '500gm',
    price: 347,
    weight: 500,
    quantity: 1,
    image: '/media/products/white-rajma-pack.svg',
    ...overrides,
  };
}

/** A priced line as an order keeps it: Himalayan White Rajma 500gm × 2 at ₹347 (HSN 07133300). */
export function makePricedLine(overrides: Partial<PricedLine> = {}): PricedLine {
  return {
    productId: 1,
    size: '500gm',
    quantity: 2,
    name: 'Himalayan White Rajma',
    price: 347,
    weight: 500,
    lineTotal: 694,
    hsnCode: '07133300',
    ...overrides,
  };
}

/**
 * A shopper in Dehradun. Another pincode brings a State it can be in (unless one is given), so the
 * COD rules' `address_pincode_state_mismatch` does not refuse an order a test sends elsewhere.
 */
/** The shop's quote for one Badri Cow Ghee 495gm, prepaid: ₹1795, past the free-shipping threshold. */
export const FREE_GHEE_QUOTE: ShippingQuoteResponse = {
  success: true,
  shippingCharge: 0,
  source: 'free',
  subtotal: 1795,
  codCharge: 0,
  total: 1795,
  weight: 495,
};

/** Our pincode API's answer: New Delhi, served both ways, in 4 to 6 days, from Delhivery (not an estimate). */
export function makePincodeAnswer(overrides: Partial<PincodeCheckResponse> = {}): PincodeCheckResponse {
  return {
    pincode: '110001',
    serviceable: true,
    prepaid: true,
    cod: true,
    estimatedDays: { min: 4, max: 6 },
    estimate: false,
    ...overrides,
  };
}

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  const possible = statesForPincode(overrides.pincode ?? '248001') ?? [];
  const state = possible.includes('Uttarakhand') ? 'Uttarakhand' : possible[0];
  return {
    name: 'Asha Rawat',
    email: 'asha@example.in',
    phone: '98765 43210',
    address1: '12 Mall Road',
    address2: 'Near the clock tower',
    pincode: '248001',
    city: 'Dehradun',
    state: state ?? 'Uttarakhand',
    ...overrides,
  };
}

/** What GET /api/orders/:orderId?key= answers: a COD order of two lines, booked, two scans in. */
export function makeOrderView(overrides: Partial<OrderView> = {}): OrderView {
  return {
    orderId: 'OUO_1764057000000',
    placedAt: '2026-11-25T09:00:00.000Z',
    paymentMode: 'cod',
    paymentStatus: 'Pay on delivery',
    cancellable: true,
    lines: [
      { name: 'Himalayan White Rajma', size: '500gm', quantity: 2, price: 347, lineTotal: 694, hsnCode: '07133300' },
      { name: 'Badri Cow Ghee', size: '120gm', quantity: 1, price: 450, lineTotal: 450, hsnCode: '040590' },
    ],
    totals: { subtotal: 1144, shippingCharge: 0, codCharge: 150, total: 1294 },
    timeline: [
      {
        kind: 'placed',
        title: 'Order placed',
        at: '2026-11-25T09:00:00.000Z',
        detail: 'Cash on delivery: pay ₹1,294 when it arrives.',
      },
      {
        kind: 'booked',
        title: 'Handed to Delhivery',
        at: '2026-11-25T09:00:05.000Z',
        detail: 'Waybill SIM1764057000000',
        link: { href: 'https://www.delhivery.com/track-v2/package/SIM1764057000000', text: 'Track on Delhivery' },
      },
      { kind: 'picked-up', title: 'Picked up by Delhivery', at: '2026-11-25T15:00:05.000Z', detail: 'Uttarkashi Hub' },
      {
        kind: 'in-transit',
        title: 'On its way',
        at: '2026-11-26T09:00:05.000Z',
        detail: 'Dehradun Sorting (Uttarakhand)',
      },
    ],
    simulatedTracking: true,
    cancelled: false,
    address: {
      name: 'Asha Rawat',
      phone: '98765 43210',
      email: 'asha@example.in',
      address1: '12 Mall Road',
      address2: 'Near the clock tower',
      city: 'Dehradun',
      state: 'Uttarakhand',
      pincode: '248001',
    },
    ...overrides,
  };
}

/** What POST /api/track answers for the same order: the address cut to city and pincode. */
export function makeTrackView(overrides: Partial<TrackView> = {}): TrackView {
  const { address, ...order } = makeOrderView();
  return { ...order, address: { city: address.city, pincode: address.pincode }, ...overrides };
}
