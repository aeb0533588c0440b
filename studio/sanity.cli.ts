import { defineCliConfig } from 'sanity/cli';

export default defineCliConfig({
  api: {
    projectId: process.env.SANITY_STUDIO_PROJECT_ID ?? 'ouo-local',
    dataset: process.env.SANITY_STUDIO_DATASET ?? 'production',
  },
  // The Studio is built offline in CI; no telemetry or update checks are wanted there.
  deployment: { autoUpdates: false },
});
