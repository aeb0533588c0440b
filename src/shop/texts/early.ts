/**
 * The inline early script's words (the early files of src/features and src/components, moving to src/early/): only these, so
 * the script every page runs before React — and the only script of a page without React — stays a
 * few kB (docs/architecture.md, "Texts").
 */

import { reader } from './read.ts';
import { early } from './shared/early.ts';

export const text = /* @__PURE__ */ reader({ early });
