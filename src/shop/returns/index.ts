// This folder's public face: only the names used outside it. Anything outside the folder imports
// through here (docs/architecture.md, "The shop core's folders"). Written by
// scripts/codemods/shop-folders.mjs: run it again when what others use changes.

export type { ReportGroup, ReportOrder, ReportPeriod, ReturnsReport } from './returns-report.ts';
export { returnsReport } from './returns-report.ts';
