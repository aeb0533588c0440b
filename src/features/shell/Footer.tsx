import { Link } from 'react-router';
import { SocialLinks } from '../../components/SocialLinks.tsx';
import { policyPath } from '../../config/site.ts';
import type { PolicyLink, ShopSettings } from '../../content/types.ts';
import { text } from '../../shop/texts/index.ts';

const QUICK_LINKS = [
  { to: '/', label: text('shell.nav.home') },
  { to: '/who-are-we', label: text('shell.nav.whoAreWe') },
  { to: '/products', label: text('shell.nav.organicProducts') },
  { to: '/blog', label: text('shell.nav.blog') },
  { to: '/contact', label: text('shell.nav.contact') },
  { to: '/track', label: text('shell.nav.trackYourOrder') },
];

export function Footer({
  settings,
  productNames,
  policyLinks,
}: {
  settings: ShopSettings;
  productNames: string[];
  /** Every policy document, in the editors' order (its "Footer link" and "Place in the footer"). */
  policyLinks: readonly PolicyLink[];
}) {
  const phoneHref = `tel:${settings.contactPhone.replace(/[^\d+]/g, '')}`;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{settings.shopName}</h2>
          <p>{settings.tagline}</p>
          {settings.marketplaceNote && <p>{settings.marketplaceNote}</p>}
        </section>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick">{text('shell.quickLinks')}</h2>
          <ul>
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-products">
          <h2 id="footer-products">{text('shell.ourProducts')}</h2>
          <ul>
            {productNames.map((name) => (
              <li key={name}>
                <Link to="/products">{name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-policies">
          <h2 id="footer-policies">{text('shell.policies')}</h2>
          <ul>
            {policyLinks.map((link) => (
              <li key={link.slug}>
                <Link to={policyPath(link.slug)}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{text('shell.contactUs')}</h2>
          <address>
            <p>{settings.address}</p>
            <p>
              <a href={phoneHref}>{settings.contactPhone}</a>
            </p>
            <p>
              <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
            </p>
          </address>
          {settings.socialLinks.length > 0 && (
            <SocialLinks links={settings.socialLinks} label={text('shell.followUs')} className="site-footer__social" />
          )}
        </section>
      </div>
      <p className="site-footer__legal">
        © {settings.shopName}. {settings.footerLegal}
      </p>
    </footer>
  );
}
