import { useRouteLoaderData } from 'react-router';
import { content } from '../content/content.server.ts';
import { ContactPage } from '../features/contact/ContactPage.tsx';
import { pageHead } from '../features/seo/head.ts';
import type { loader as rootLoader } from '../root.tsx';
import { text } from '../shop/texts/contact-pages.ts';
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
    title: text('contactPage.headTitle', { shopName: loaderData.contact.shopName }),
    description: text('contactPage.headDescription'),
    path: '/contact',
  });
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const intro = useRouteLoaderData<typeof rootLoader>('root')?.settings.contactIntro;
  return <ContactPage contact={loaderData.contact} faq={loaderData.faq} intro={intro} />;
}
