import { data } from 'react-router';
import { content } from '../content/content.server.ts';
import { pageHead } from '../features/seo/head.ts';
import { BatchDetails } from '../features/story/BatchDetails.tsx';
import { batchPageData } from '../features/story/batch.ts';
import type { Route } from './+types/who-are-we.traceability._index';

/** The latest batch (the first of `batches()`, newest batch id first). */
export async function loader() {
  const [latest] = await content().batches();
  if (!latest) throw data(null, { status: 404 });
  return batchPageData(latest);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageHead({
    title: `Traceability: ${loaderData.batch.productName}`,
    description: `Where and how batch ${loaderData.batch.batchId} was made, step by step.`,
    path: '/who-are-we/traceability',
  });
}

export default function Traceability({ loaderData }: Route.ComponentProps) {
  return <BatchDetails data={loaderData} isLatest />;
}
