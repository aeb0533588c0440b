import { visionTool } from '@sanity/vision';
import { defineConfig } from 'sanity';
import { presentationTool } from 'sanity/presentation';
import { structureTool } from 'sanity/structure';
import { locations, mainDocuments } from './src/presentation.ts';
import { SINGLETON_TYPES, schemaTypes } from './src/schemaTypes/index.ts';
import { structure } from './src/structure.ts';

const projectId = process.env.SANITY_STUDIO_PROJECT_ID ?? 'ouo-local';
const dataset = process.env.SANITY_STUDIO_DATASET ?? 'production';
/** The site the Presentation tool previews: `npm run dev` (README, "Previewing drafts"). */
const previewOrigin = process.env.SANITY_STUDIO_PREVIEW_ORIGIN ?? 'http://localhost:8888';

export default defineConfig({
  name: 'default',
  title: 'Orang Utan Organics',
  projectId,
  dataset,
  plugins: [
    structureTool({ structure }),
    // The site with the drafts, in a frame beside the document: the dev server's preview switches
    // (site-build/preview-mode.ts) set its preview cookie once the Studio's one-time secret checks out.
    presentationTool({
      previewUrl: {
        origin: previewOrigin,
        previewMode: { enable: '/__preview/enable', disable: '/__preview/disable' },
      },
      resolve: { mainDocuments, locations },
    }),
    visionTool({ defaultApiVersion: '2025-02-19' }),
  ],
  schema: {
    types: schemaTypes,
    // Singletons (settings, page texts) are edited in place, never created from "New document".
    templates: (templates) => templates.filter(({ schemaType }) => !SINGLETON_TYPES.includes(schemaType)),
  },
  document: {
    actions: (actions, { schemaType }) =>
      SINGLETON_TYPES.includes(schemaType)
        ? actions.filter(({ action }) => action && ['publish', 'discardChanges', 'restore'].includes(action))
        : actions,
  },
});
