import type { ApiClient, CoreEnv } from '@junction/core';

/**
 * What every store of the web app is created with (DESIGN "web"): core's typed API client
 * (`createApiClient`) and core's platform needs (`now`, `newId`). Models read it with
 * `getEnv<RootStoreEnv>(self)`; tests inject fakes.
 */
export interface RootStoreEnv extends CoreEnv {
  api: ApiClient;
}
