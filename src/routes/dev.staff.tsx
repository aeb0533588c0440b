import { notFoundHead } from '../features/seo/head.ts';
import { StaffDeskPage } from '../features/staff-desk/index.ts';
import { text } from '../shop/texts/dev.ts';

/** Development only: left out of production's build (react-router.config.ts), never in the sitemap, never indexed. */
export function meta() {
  return notFoundHead(text('staffDesk.staffDeskDevelopment'));
}

export default function DevStaff() {
  return <StaffDeskPage />;
}
