/**
 * The security headers of every page: one list, used three ways.
 *
 * - The build (`react-router.config.ts`, `buildEnd`) writes them into `build/client/_headers`,
 *   Netlify's headers file in the publish folder, with each prerendered page's own content
 *   security policy: the sha256 of every inline script of that page (React Router's context,
 *   route imports and streaming helpers) and of every `style="…"` attribute in it.
 * - `npm start` (scripts/serve.mjs) serves that same file through Netlify's own emulation.
 * - `npm run dev` sends the same headers from `devSecurityHeaders()`, with a development policy
 *   Vite's client can work under (its inline scripts and styles change on every edit).
 *
 * Why hashes, and how the file is laid out so that it works however Netlify combines rules that
 * match one address: docs/decisions/014-security-headers-and-a-hashed-csp.md.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What every page is sent with, whatever its content. */
export const SITE_HEADERS: Readonly<Record<string, string>> = {
  // No site may frame ours (clickjacking); `frame-ancestors 'none'` says the same to newer browsers.
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Off: what the shop never uses. `payment` stays with us and Razorpay's Checkout, whose frames
  // may use the Payment Request API. Features not named keep the browser's defaults.
  'Permissions-Policy': [
    'accelerometer=()',
    'camera=()',
    'display-capture=()',
    'geolocation=()',
    'gyroscope=()',
    'magnetometer=()',
    'microphone=()',
    'midi=()',
    'usb=()',
    'payment=(self "https://checkout.razorpay.com" "https://api.razorpay.com")',
  ].join(', '),
  // Our window is ours alone, but the popups we open (Razorpay's bank and UPI pages) still report back.
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  // Ignored over plain HTTP (local runs); on the deployed HTTPS site, browsers keep to HTTPS for a year.
  'Strict-Transport-Security': 'max-age=31536000',
};

/** The order page (`/orders/<id>?key=…`): its address carries the order's key (decision 012). */
export const ORDER_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
};

/** Every address of the order page: one prerendered shell served for all of them (netlify.toml). */
export const ORDER_PAGES = '/orders/*';

/**
 * Who else the shop loads from, and for what. Razorpay's hosts are those its own Magento plugin
 * allows (razorpay/razorpay-magento, etc/csp_whitelist.xml): checkout.js and its risk-detection
 * script, the Checkout frame, its telemetry; checkout.razorpay.com frames too.
 */
const RAZORPAY = {
  script: ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com', 'https://lumberjack-metrics.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
};
/** Product and blog images from Sanity's image CDN (src/media/responsive-image.ts). */
const SANITY_IMAGES = 'https://cdn.sanity.io';
/** The home page's clip, an editor's upload (homePage.heroVideo), from Sanity's file CDN. */
const SANITY_FILES = 'https://cdn.sanity.io/files/';
/** The Meta pixel (src/features/pixel): its script, and the events it sends as images and beacons. */
const META_PIXEL = {
  script: ['https://connect.facebook.net'],
  img: ['https://www.facebook.com'],
  connect: ['https://www.facebook.com'],
};

export interface PolicyOptions {
  /** Whether the build has a Meta pixel id (VITE_META_PIXEL_ID): its hosts are allowed only then. */
  pixel: boolean;
}

/** The sha256 sources of a page's inline scripts and style attributes, as a CSP lists them. */
export interface InlineHashes {
  scripts: string[];
  styleAttributes: string[];
}

/** `'sha256-…'` of a text, as CSP compares it (UTF-8, base64). */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Types a browser runs; any other (`application/ld+json`) is a data block, which CSP does not govern. */
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);
const STYLE_ATTRIBUTE = /<[a-zA-Z][^\s/>]*\s[^>]*?\bstyle="([^"]*)"/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`, 'i').exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/** An attribute's value as the browser reads it (React writes `&amp;`, `&quot;`, `&#x27;` …). */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return String.fromCodePoint(code);
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** The hashes a prerendered page needs: each inline script that runs, each distinct `style` attribute. */
export function inlineHashes(html: string): InlineHashes {
  const scripts = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (attribute(attributes, 'src') !== undefined) continue;
    const type = (attribute(attributes, 'type') ?? '').trim().toLowerCase();
    if (EXECUTABLE_TYPES.has(type)) scripts.add(sha256Source(body));
  }
  // Script bodies hold JSON that could mention `style="…"`; only real tags count.
  const markup = html.replace(SCRIPT, '');
  const styleAttributes = new Set<string>();
  for (const [, value = ''] of markup.matchAll(STYLE_ATTRIBUTE))
    styleAttributes.add(sha256Source(decodeAttribute(value)));
  return { scripts: [...scripts].sort(), styleAttributes: [...styleAttributes].sort() };
}

/** Directives as `name sources…`, joined as a policy. */
function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

function hosts({ pixel }: PolicyOptions) {
  return {
    script: [...RAZORPAY.script, ...(pixel ? META_PIXEL.script : [])],
    img: [SANITY_IMAGES, ...RAZORPAY.img, ...(pixel ? META_PIXEL.img : [])],
    connect: [...RAZORPAY.connect, ...(pixel ? META_PIXEL.connect : [])],
  };
}

/** What no page may do, in development too. */
const LOCKED = {
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * A prerendered page's policy: nothing by default; our own files, Razorpay and Sanity's images
 * (and the pixel, when configured); inline scripts and style attributes only by their hashes.
 */
export function contentSecurityPolicy(page: InlineHashes, options: PolicyOptions): string {
  const allowed = hosts(options);
  return policy({
    'default-src': ["'none'"],
    'script-src': ["'self'", ...page.scripts, ...allowed.script],
    'style-src': ["'self'"],
    // React prerenders a few `style` props (a carousel's aspect ratio, a chart's bar widths) as
    // attributes; each exact value is allowed, nothing else. Styles React sets later go through
    // the CSSOM, which CSP does not govern.
    'style-src-attr': page.styleAttributes.length > 0 ? ["'unsafe-hashes'", ...page.styleAttributes] : ["'none'"],
    'img-src': ["'self'", ...allowed.img],
    'media-src': ["'self'", SANITY_FILES],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...allowed.connect],
    'frame-src': RAZORPAY.frame,
    ...LOCKED,
  });
}

/**
 * `npm run dev`'s policy: the same hosts and the same locks, but Vite's client injects inline
 * scripts and `<style>` elements that change on every edit, so no hashes can list them; and it
 * talks to the dev server over a WebSocket.
 */
export function devContentSecurityPolicy(options: PolicyOptions): string {
  const allowed = hosts(options);
  return policy({
    'default-src': ["'none'"],
    'script-src': ["'self'", "'unsafe-inline'", ...allowed.script],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...allowed.img],
    'media-src': ["'self'", SANITY_FILES],
    'font-src': ["'self'"],
    'connect-src': ["'self'", 'ws:', ...allowed.connect],
    'frame-src': RAZORPAY.frame,
    ...LOCKED,
    'frame-ancestors': ["'self'", ...STUDIO_ORIGINS],
  });
}

/** The union of several pages' hashes: a policy every one of those pages works under. */
function unionOf(pages: InlineHashes[]): InlineHashes {
  const merged = (pick: (page: InlineHashes) => string[]) => [...new Set(pages.flatMap(pick))].sort();
  return { scripts: merged((page) => page.scripts), styleAttributes: merged((page) => page.styleAttributes) };
}

async function htmlFiles(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return htmlFiles(full, base);
      return entry.name.endsWith('.html') ? [path.relative(base, full)] : [];
    }),
  );
  return nested.flat().sort();
}

/** `products/3/index.html` → `/products/3`; a page that is not an index (404.html) has no address of its own. */
function pageAddress(file: string): string | undefined {
  const parts = file.split(path.sep);
  if (parts.at(-1) !== 'index.html') return undefined;
  return `/${parts.slice(0, -1).join('/')}`;
}

function rule(address: string, headers: Record<string, string>): string {
  return [address, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
}

export interface HeadersFile {
  /** The file's text, as written. */
  text: string;
  /** The policy of each page address, and of `/*` (every address) and `/orders/*`. */
  policies: Map<string, string>;
}

/**
 * Netlify's `_headers` for a build's prerendered pages:
 *
 * 1. `/*`: the site's headers, and a policy allowing the inline scripts of *every* page. It is
 *    what an address with no page of its own gets: the 404 page, the not-found product or post
 *    (the SPA fallback, served by a rewrite), `/404.html` itself.
 * 2. `/orders/*`: the order page's headers and its shell's own policy.
 * 3. One rule per page address with that page's own policy.
 *
 * Each page's policy is a subset of the `/*` one, so the page works whether Netlify sends the
 * more specific rule's policy, the last, the first, or both (two policies: the browser enforces
 * both, which is the page's own).
 */
export function headersFile(pages: { file: string; html: string }[], options: PolicyOptions): HeadersFile {
  const hashed = pages.map((page) => ({ address: pageAddress(page.file), hashes: inlineHashes(page.html) }));
  const orderShell = hashed.find((page) => page.address?.startsWith(ORDER_PAGES.slice(0, -1)));
  if (!orderShell) throw new Error(`No prerendered order page under ${ORDER_PAGES} to take its hashes from`);
  const policies = new Map<string, string>();
  policies.set('/*', contentSecurityPolicy(unionOf(hashed.map((page) => page.hashes)), options));
  policies.set(ORDER_PAGES, contentSecurityPolicy(orderShell.hashes, options));
  for (const page of hashed) {
    if (page.address && page !== orderShell) policies.set(page.address, contentSecurityPolicy(page.hashes, options));
  }
  const rules = [...policies].map(([address, csp]) => {
    const headers = address === '/*' ? SITE_HEADERS : address === ORDER_PAGES ? ORDER_PAGE_HEADERS : {};
    return rule(address, { ...headers, 'Content-Security-Policy': csp });
  });
  const text = [
    '# Written by the build (site-build/security-headers.ts): do not edit, it is replaced on every build.',
    '# Each page has its own Content-Security-Policy listing the hashes of its inline scripts.',
    ...rules,
    '',
  ].join('\n');
  return { text, policies };
}

/** Writes `_headers` into the build's publish folder from its prerendered pages. */
export async function writeHeadersFile(clientDir: string, options: PolicyOptions): Promise<HeadersFile> {
  const files = await htmlFiles(clientDir);
  const pages = await Promise.all(
    files.map(async (file) => ({ file, html: await readFile(path.join(clientDir, file), 'utf8') })),
  );
  const result = headersFile(pages, options);
  await writeFile(path.join(clientDir, '_headers'), result.text);
  return result;
}

/** The headers `npm run dev` sends with an answer for this address. */
/**
 * Who may frame the dev server: the Studio's Presentation tool shows the site in a frame to preview
 * drafts (issue 16), from `npm run studio` (localhost:3333) or a deployed Studio. Only on the dev
 * server; the production site may be framed by nobody.
 */
export const STUDIO_ORIGINS = ['http://localhost:3333', 'https://*.sanity.studio'];

export function devHeadersFor(pathname: string, options: PolicyOptions): Record<string, string> {
  const isOrderPage = pathname.startsWith(ORDER_PAGES.slice(0, -1));
  // X-Frame-Options can name no one to allow; frame-ancestors below says who may.
  const { 'X-Frame-Options': _deny, ...siteHeaders } = SITE_HEADERS;
  return {
    ...siteHeaders,
    ...(isOrderPage ? ORDER_PAGE_HEADERS : {}),
    'Content-Security-Policy': devContentSecurityPolicy(options),
  };
}

/** `npm run dev`: the site's headers on every answer, with the development policy. */
export function devSecurityHeaders(): Plugin {
  return {
    name: 'ouo-security-headers',
    apply: 'serve',
    configureServer(server) {
      const options = { pixel: Boolean(server.config.env.VITE_META_PIXEL_ID) };
      server.middlewares.use((request, response, next) => {
        const { pathname } = new URL(request.url ?? '/', 'http://localhost');
        for (const [name, value] of Object.entries(devHeadersFor(pathname, options))) response.setHeader(name, value);
        next();
      });
    },
  };
}
