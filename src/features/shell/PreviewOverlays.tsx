/**
 * Click-to-edit outlines over the preview (issue 16): `@sanity/visual-editing` finds the texts that
 * carry their source (content/stega.server.ts) and outlines each one on hover. Inside the Studio's
 * Presentation tool a click opens that field beside the page; in a tab of its own the outline
 * offers "Open in Studio". It also has the Studio's edits reload the page's data.
 *
 * Loaded by the dev server only, while previewing (root.tsx): no shopper ever downloads it.
 */
import { VisualEditing } from '@sanity/visual-editing/react-router';

export default function PreviewOverlays() {
  return <VisualEditing />;
}
