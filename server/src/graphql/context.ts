import type { Session } from "../auth/session.js";
import type { Services } from "../services.js";

/** What every resolver receives, over HTTP and over WebSocket alike. */
export type GraphQLContext = Session & {
  services: Services;
  ip: string;
};
