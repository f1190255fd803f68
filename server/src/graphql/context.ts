import type { Actor } from "../auth/actor.js";
import type { Session } from "../auth/session.js";
import type { Services } from "../services.js";

/**
 * The subscriber of a WebSocket, as it is now rather than at connect time: subscriptions ask it
 * before each event they deliver (see graphql/websocket.ts).
 */
export type LiveSubscriber = {
  /** The account while the connection's session still holds (token unexpired, account active, not signed out everywhere); null once it does not. */
  current(): Promise<Actor | null>;
};

/** What every resolver receives, over HTTP and over WebSocket alike. */
export type GraphQLContext = Session & {
  services: Services;
  ip: string;
  /** Over the WebSocket only. */
  live?: LiveSubscriber;
};
