import { MailIcon, MapPinIcon, PhoneIcon } from '../../components/icons.tsx';
import { SocialLinks } from '../../components/SocialLinks.tsx';
import type { FaqEntry, ShopSettings } from '../../content/types.ts';
import { ContactForm } from './ContactForm.tsx';
import { Faq } from './Faq.tsx';
import '../../components/forms.css';
import './contact.css';
import { text } from '../../shop/texts/contact-pages.ts';

/** The shop's ways to be reached, from its settings. */
export interface ContactDetails {
  shopName: string;
  address: string;
  phone: string;
  email: string;
  socialLinks: ShopSettings['socialLinks'];
}

/** /contact (docs/shop-rules.md §2): how to reach us, the message form and the common questions. */
export function ContactPage({
  contact,
  faq,
  intro,
}: {
  contact: ContactDetails;
  faq: readonly FaqEntry[];
  /** The editors' words above the page (Shop settings → Texts across the site). */
  intro: string | undefined;
}) {
  const phoneHref = `tel:${contact.phone.replace(/[^\d+]/g, '')}`;
  return (
    <div className="page contact">
      <h1>{text('contactPage.contactUs')}</h1>
      {intro && <p>{intro}</p>}
      <div className="contact__layout">
        <section className="contact-info card" aria-labelledby="contact-info-title">
          <h2 id="contact-info-title">{text('contactPage.getInTouch')}</h2>
          {/* A contact address may hold no headings (HTML): each way to reach us is a term and its value. */}
          <address>
            <dl className="contact-info__list">
              <dt>
                <MapPinIcon className="contact-info__icon" /> {text('contactPage.address')}
              </dt>
              <dd>{contact.address}</dd>
              <dt>
                <PhoneIcon className="contact-info__icon" /> {text('contactPage.phone')}
              </dt>
              <dd>
                <a href={phoneHref}>{contact.phone}</a>
              </dd>
              <dt>
                <MailIcon className="contact-info__icon" /> {text('contactPage.email')}
              </dt>
              <dd>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </dd>
            </dl>
          </address>
          {contact.socialLinks.length > 0 && (
            <>
              <h3>{text('contactPage.followUs')}</h3>
              <SocialLinks links={contact.socialLinks} label={text('contactPage.followUsOnSocialMedia')} />
            </>
          )}
        </section>
        <ContactForm />
      </div>
      <Faq entries={faq} />
    </div>
  );
}
