import { useRouteLoaderData } from 'react-router';
import { MailIcon, MapPinIcon, PhoneIcon } from '../components/icons.tsx';
import { content } from '../content/content.server.ts';
import { ContactForm } from '../features/contact/ContactForm.tsx';
import { Faq } from '../features/contact/Faq.tsx';
import { pageHead } from '../features/seo/head.ts';
import '../components/forms.css';
import '../features/contact/contact.css';
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
  const { contact, faq } = loaderData;
  const phoneHref = `tel:${contact.phone.replace(/[^\d+]/g, '')}`;
  const intro = useRouteLoaderData<typeof rootLoader>('root')?.settings.contactIntro;
  return (
    <div className="page contact">
      <h1>Contact Us</h1>
      {intro && <p>{intro}</p>}
      <div className="contact__layout">
        <section className="contact-info card" aria-labelledby="contact-info-title">
          <h2 id="contact-info-title">Get in touch</h2>
          {/* A contact address may hold no headings (HTML): each way to reach us is a term and its value. */}
          <address>
            <dl className="contact-info__list">
              <dt>
                <MapPinIcon className="contact-info__icon" /> Address
              </dt>
              <dd>{contact.address}</dd>
              <dt>
                <PhoneIcon className="contact-info__icon" /> Phone
              </dt>
              <dd>
                <a href={phoneHref}>{contact.phone}</a>
              </dd>
              <dt>
                <MailIcon className="contact-info__icon" /> Email
              </dt>
              <dd>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </dd>
            </dl>
          </address>
          {contact.socialLinks.length > 0 && (
            <>
              <h3>Follow us</h3>
              <ul aria-label="Follow us on social media">
                {contact.socialLinks.map((link) => (
                  <li key={link.url}>
                    <a href={link.url} rel="noopener noreferrer" target="_blank">
                      {link.platform}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <ContactForm />
      </div>
      <Faq entries={faq} />
    </div>
  );
}
