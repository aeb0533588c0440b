// The orders feature's public face: the order's own page and /track, for their routes.
export { OrderPage } from './OrderPage.tsx';
export { TrackOrder } from './TrackOrder.tsx';
