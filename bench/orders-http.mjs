// Part of `npm run bench:orders`: requests to the shop's server under test — one JSON request, one
// that reports a dropped connection instead of throwing, and autocannon's load as a promise.
import autocannon from 'autocannon';
import { BASE } from './orders-settings.mjs';

/**
 * @param {string} urlPath
 * @param {unknown} body
 */
export async function postJson(urlPath, body) {
  const response = await fetch(`${BASE}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * @param {autocannon.Options} options
 * @returns {Promise<autocannon.Result>}
 */
export function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * @param {string} urlPath
 * @param {string} body
 * @returns {Promise<{ status: number | string; text: string }>}
 */
export async function postRaw(urlPath, body) {
  try {
    const response = await fetch(`${BASE}${urlPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(120_000),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const cause = /** @type {{ cause?: { code?: string } }} */ (error).cause?.code;
    return { status: error instanceof Error ? `${error.name}${cause ? ` (${cause})` : ''}` : 'error', text: '' };
  }
}
