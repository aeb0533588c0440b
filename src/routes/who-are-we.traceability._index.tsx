import { data } from 'react-router';
import { content } from '../content/content.server.ts';
import { pageHead } from '../features/seo/head.ts';
import { BatchDetails } from '../features/story/BatchDetails.tsx';
import { batchPageData } from '../features/story/batch.ts';
import { text } from '../shop/texts/static-pages.ts';
import type { Route } from './+types/who-are-we.traceability._index';

/** The latest batch (the first of `batches()`, newest batch id first). */
export async function loader() {
  const [latest] = await content().batches();
  if (!latest) throw data(null, { status: 404 });
  return batchPageData(latest);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageHead({
    title: text('story.traceabilityTitle', { productName: loaderData.batch.productName }),
    description: text('story.batchDescription', { batchId: loaderData.batch.batchId }),
    path: '/who-are-we/traceability',
  });
}

export default function Traceability({ loaderData }: Route.ComponentProps) {
  return <BatchDetails data={loaderData} isLatest />;
}
