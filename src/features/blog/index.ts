// The blog feature's public face for other features: Portable Text as React elements.
export { RichText } from './RichText.tsx';
