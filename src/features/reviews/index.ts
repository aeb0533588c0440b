// The reviews feature's public face for other features (the contact form posts through the same client).
export { submitContactMessage } from './api.ts';
