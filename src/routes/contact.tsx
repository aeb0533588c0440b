import { useRouteLoaderData } from 'react-router';
import { content } from '../content/content.server.ts';
import { ContactPage } from '../features/contact/ContactPage.tsx';
import { pageHead } from '../features/seo/head.ts';
import type { loader as rootLoader } from '../root.tsx';
import type { Route } from './+types/contact';

export async function loader() {
  const [settings, faq] = await Promise.all([content().settings(), content().faq()]);
  return {
    contact: {
      shopName: settings.shopName,
      address: settings.address,
      phone: settings.contactPhone,
      email: settings.contactEmail,
      socialLinks: settings.socialLinks,
    },
    faq,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageHead({
    title: `Contact us — ${loaderData.contact.shopName}`,
    description:
      'Questions about an order, our farms or our products? Call, email or send us a message; answers to common questions on shipping, organic certification and payment.',
    path: '/contact',
  });
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const intro = useRouteLoaderData<typeof rootLoader>('root')?.settings.contactIntro;
  return <ContactPage contact={loaderData.contact} faq={loaderData.faq} intro={intro} />;
}
