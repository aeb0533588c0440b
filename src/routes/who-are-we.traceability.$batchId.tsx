import { data } from 'react-router';
import { batchPath } from '../config/site.ts';
import { content } from '../content/content.server.ts';
import { notFoundHead, pageHead } from '../features/seo/head.ts';
import { breadcrumbJsonLd } from '../features/seo/structured-data.ts';
import { BatchDetails, BatchNotFound } from '../features/story/BatchDetails.tsx';
import { batchPageData } from '../features/story/batch.ts';
import { dataOrNotFound } from '../lib/data-or-not-found.ts';
import { text } from '../shop/texts/static-pages.ts';
import type { Route } from './+types/who-are-we.traceability.$batchId';

export async function loader({ params }: Route.LoaderArgs) {
  const batch = await content().batch(params.batchId);
  if (!batch) throw data(null, { status: 404 });
  return { batch: batchPageData(batch) };
}

/**
 * Prerendered batches load their data from the build; any other id (a misprinted pack, a typo)
 * finds no data file and shows "We could not find batch …" instead of an error.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return dataOrNotFound(serverLoader, { batch: null });
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  const batch = loaderData?.batch?.batch;
  if (!batch) return notFoundHead(text('story.batchIdNotFound', { batchId: params.batchId }));
  const path = batchPath(batch.batchId);
  return pageHead({
    title: text('story.batchTitle', { batchId: batch.batchId, productName: batch.productName }),
    description: text('story.batchDescription', { batchId: batch.batchId }),
    path,
    jsonLd: [
      breadcrumbJsonLd([
        { name: text('shell.nav.whoAreWe'), path: '/who-are-we' },
        { name: text('story.traceabilityStep'), path: '/who-are-we/traceability' },
        { name: batch.batchId, path },
      ]),
    ],
  });
}

export default function TraceabilityBatch({ loaderData, params }: Route.ComponentProps) {
  if (!loaderData.batch) return <BatchNotFound batchId={params.batchId} />;
  return <BatchDetails key={loaderData.batch.batch.batchId} data={loaderData.batch} />;
}
