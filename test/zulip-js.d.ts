// zulip-js ships no types: the part of its API the tests use.
declare module 'zulip-js' {
  interface ZulipConfig {
    username: string;
    apiKey?: string;
    password?: string;
    realm: string;
  }
  interface ZulipClient {
    config: ZulipConfig & { apiURL: string };
    callEndpoint(endpoint: string, method?: string, params?: Record<string, unknown>): Promise<any>;
    queues: { register(params?: Record<string, unknown>): Promise<any> };
    server: { settings(params?: Record<string, unknown>): Promise<any> };
  }
  function zulipInit(config: ZulipConfig): Promise<ZulipClient>;
  export = zulipInit;
}
