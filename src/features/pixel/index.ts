// The ad-tracker feature's public face for other features (checkout and contact report events).
export { cartPixelParams, track } from './pixel.ts';
