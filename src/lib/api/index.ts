export type { Schemas } from './api-client.ts';
export { callApi, loadSchemas } from './api-client.ts';
