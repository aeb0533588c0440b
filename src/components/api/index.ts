export type { ApiCall, ApiResult, Schemas } from './api-client.ts';
export { callApi, loadSchemas } from './api-client.ts';
