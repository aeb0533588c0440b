export * from './cart.ts';
export * from './catalogue.ts';
export * from './money.ts';
export * from './order.ts';
export * from './reviews.ts';
export * from './schemas.ts';
export * from './shipment.ts';
export * from './shipping.ts';
