/** /contact: the shared words and the contact form's (docs/architecture.md, "Texts"). */
import { contact } from './contact.ts';
import { contactPage } from './contact-page.ts';
import { shared } from './index.ts';
import { reader } from './read.ts';

export const text = /* @__PURE__ */ reader({ ...shared, contact, contactPage });
