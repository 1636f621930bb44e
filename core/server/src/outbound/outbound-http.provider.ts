import { createOutboundHttp, OUTBOUND_HTTP, parseAllowHosts } from '@atende/sdk-server';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/** The SDK's OUTBOUND_HTTP guard under the operator's allow-list (OUTBOUND_ALLOW_HOSTS). */
export const outboundHttpProvider = {
  provide: OUTBOUND_HTTP,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => {
    const policy = { allowHosts: parseAllowHosts(config.OUTBOUND_ALLOW_HOSTS) };
    return createOutboundHttp(() => policy);
  },
};
