import { isRouteErrorResponse } from 'react-router';

/**
 * The `clientLoader` of a prerendered page with a parameter (a product, a post, a batch, a policy):
 * the pages the content has are prerendered with their data files, and any other address finds
 * none — it shows the page's own "not found" instead of an error (docs/architecture.md, "A new
 * page"; decision 001). `notFound` is the loader data that says so, e.g. `{ product: null }`.
 */
export async function dataOrNotFound<Data, NotFound>(
  serverLoader: () => Promise<Data>,
  notFound: NotFound,
): Promise<Data | NotFound> {
  try {
    return await serverLoader();
  } catch (error) {
    // Netlify answers an unknown page's data request with a 404 (netlify.toml); a host that serves
    // the SPA fallback instead makes the data undecodable. Either way there is no such page —
    // unless the shopper is offline, which the error page should say instead.
    if (isRouteErrorResponse(error) && error.status === 404) return notFound;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw error;
    return notFound;
  }
}
