/**
 * The owner's signature image, when the Studio says invoices are signed with one (docs/shop-rules.md
 * §12): fetched by the function and handed to both renderings as a `data:` URL, so the HTML page
 * loads nothing from elsewhere (its policy allows `img-src data:` only) and the PDF embeds it.
 * Only a PNG or a JPEG (what a PDF can embed), at most 512 KB, within 3 seconds; one that cannot
 * be had leaves the signature's space blank, with a warning, rather than no document.
 */

const MAX_BYTES = 512 * 1024;
const TIMEOUT_MS = 3_000;

/** The image's type from its first bytes, never from what the server says. */
function sniff(bytes: Uint8Array): 'image/png' | 'image/jpeg' | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

/** The bytes as a `data:` URL, or undefined when they are not a PNG or a JPEG. */
export function imageDataUrl(bytes: Uint8Array): string | undefined {
  const type = sniff(bytes);
  return type && `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}

async function fetchImage(url: URL, fetchImpl: typeof fetch): Promise<string> {
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  if (!response.ok) throw new Error(`answered ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > MAX_BYTES) throw new Error(`is ${bytes.byteLength} bytes, more than ${MAX_BYTES}`);
  const dataUrl = imageDataUrl(bytes);
  if (!dataUrl) throw new Error('is not a PNG or a JPEG');
  return dataUrl;
}

/**
 * Loads signature images by their address (`https:`, or a path on the site itself, resolved
 * against `site`), keeping each one had for the life of the process: an invoice keeps the address
 * it was issued with, and a warm function asks once.
 */
export function signatureImages(
  // Looked up at each call, not when the module loads: a test's fetch stand-in arrives later.
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): (address: string, site: string) => Promise<string | undefined> {
  const had = new Map<string, string>();
  return async (address, site) => {
    const known = had.get(address);
    if (known) return known;
    try {
      const url = new URL(address, site);
      if (url.protocol !== 'https:' && url.origin !== new URL(site).origin) throw new Error('is not https');
      const dataUrl = await fetchImage(url, fetchImpl);
      had.set(address, dataUrl);
      return dataUrl;
    } catch (error) {
      console.warn(`invoice: the signature image ${address} ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };
}
