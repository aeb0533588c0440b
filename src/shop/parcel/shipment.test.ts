import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../order/index.ts';
import { buildShipment, DEFAULT_PICKUP } from './shipment.ts';

const record: OrderRecord = {
  type: 'checkout',
  orderId: 'OUO_1732230000123',
  timestamp: '2026-11-21T10:00:00.000Z',
  name: 'Asha Rawat',
  email: 'asha@example.in',
  phone: '98765-43210',
  address: '12 Mall Road, Near the clock tower',
  pincode: '248001',
  city: 'Dehradun',
  state: 'Uttarakhand',
  products: [
    { name: 'Himalayan Red Rajma', size: '500gm', quantity: 2, price: 347 },
    { name: 'Wild Himalayan Tempering Spice', size: '23gm', quantity: 1, price: 347 },
  ],
  paymentMode: 'COD',
  paymentStatus: 'Pending',
  subtotal: 1041,
  shippingCharge: 0,
  codCharge: 150,
  total: 1191,
};

describe('buildShipment', () => {
  it('shapes a COD shipment with the amount to collect and blank return and seller fields', () => {
    expect(buildShipment(record, 1023)).toEqual({
      name: 'Asha Rawat',
      add: '12 Mall Road, Near the clock tower',
      pin: '248001',
      city: 'Dehradun',
      state: 'Uttarakhand',
      country: 'India',
      phone: '9876543210',
      order: 'OUO_1732230000123',
      payment_mode: 'COD',
      products_desc: 'Himalayan Red Rajma 500gm x2, Wild Himalayan Tempering Spice 23gm x1',
      cod_amount: 1191,
      total_amount: 1191,
      weight: 1023,
      shipping_mode: 'Surface',
      return_pin: '',
      return_city: '',
      return_phone: '',
      return_add: '',
      return_state: '',
      return_country: '',
      seller_name: '',
      seller_add: '',
      seller_inv: '',
    });
  });

  it('collects the total less a COD fee paid now (rule 17), the value unchanged', () => {
    expect(buildShipment(record, 1023, { advance: { amount: 150 } })).toMatchObject({
      payment_mode: 'COD',
      cod_amount: 1041,
      total_amount: 1191,
    });
  });

  it('collects nothing on a prepaid shipment', () => {
    const shipment = buildShipment({ ...record, paymentMode: 'Prepaid', codCharge: 0, total: 1041 }, 1023);
    expect(shipment).toMatchObject({ payment_mode: 'Prepaid', cod_amount: 0, total_amount: 1041 });
    expect(shipment).not.toHaveProperty('return_pin');
  });

  it('picks up from the Uttarkashi hub', () => {
    expect(DEFAULT_PICKUP).toEqual({ name: 'Delhivery Uttarkashi hub', pin: '249135' });
  });
});
