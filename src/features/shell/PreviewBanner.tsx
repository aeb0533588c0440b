import { PREVIEW_DISABLE_PATH } from '../../config/site.ts';
import { text } from '../../shop/texts/index.ts';

/**
 * Over every page while an editor previews drafts (`npm run dev` with the preview on): what they
 * see is not live yet. A full page load leaves the preview, so the cookie goes with it.
 */
export function PreviewBanner() {
  return (
    <p className="preview-banner" role="status">
      {text('shell.previewYouAreSeeing')}{' '}
      <a className="preview-banner__leave" href={`${PREVIEW_DISABLE_PATH}?redirect=${encodeURIComponent('/')}`}>
        {text('shell.leaveThePreview')}
      </a>
    </p>
  );
}
