/**
 * The content pages (home, blog and policies, the guides, our story and the batches): the shared
 * words and theirs. Most of them load no React (decision 028): their words are in the prerendered
 * HTML, and a page that hydrates carries only its own (docs/architecture.md, "Texts").
 */
import { blog } from './blog.ts';
import { guides } from './guides.ts';
import { home } from './home.ts';
import { shared } from './index.ts';
import { reader } from './read.ts';
import { story } from './story.ts';

export const text = /* @__PURE__ */ reader({ ...shared, blog, guides, home, story });
