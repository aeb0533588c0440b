// The catalogue feature's public face for other features (the reviews show stars).
export { type RatingSummary, Stars } from './Stars.tsx';
