import { data } from 'react-router';

/** Unknown paths: a real 404 on the client too, instead of an empty page or a hydration mismatch. */
export function clientLoader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
