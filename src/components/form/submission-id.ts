/**
 * A new submission id (docs/shop-rules.md §3): a random UUID. `crypto.randomUUID` exists only in
 * secure contexts (https, or localhost); a page opened over plain http elsewhere (a phone testing
 * the shop on the local network) makes the same version-4 UUID from `crypto.getRandomValues`.
 */
interface RandomSource {
  randomUUID?: () => string;
  getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;
}

export function newSubmissionId(random: RandomSource = crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
