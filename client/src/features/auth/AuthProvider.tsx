import type { ApolloClient } from "@apollo/client";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { RegisterInput } from "../../gql/graphql";
import {
  clearStoredSession,
  isTokenValid,
  normaliseRole,
  readStoredSession,
  readStoredToken,
  type SessionUser,
  storeSession,
  storeUser,
  tokenExpiry,
} from "../../lib/session";
import { AUTH_FALLBACKS, AuthError, toAuthError } from "../../lib/auth-errors";
import { looksUnauthenticated, onUnauthenticated } from "../../lib/session-events";
import {
  browserSessionChannel,
  openSessionShare,
  type SessionChannel,
  type SessionShare,
} from "../../lib/session-share";
import { LoginDocument, MeDocument, RegisterDocument } from "./graphql/auth";

export type AuthStatus = "loading" | "authenticated" | "unauthenticated";

export type AuthContextValue = {
  status: AuthStatus;
  user: SessionUser | null;
  login(input: { email: string; password: string; rememberMe: boolean }): Promise<SessionUser>;
  register(input: RegisterInput): Promise<void>;
  /** Local only: forgets the session (no server call). */
  logout(options?: { signedOut?: boolean }): void;
  /** True after the user signed out themselves (guards then send them home, not to /login). */
  signedOut: boolean;
  /** The last sign-in or registration error (also thrown to the caller). */
  error: string | null;
};

export const INVALID_RESPONSE_MESSAGE = "Invalid response from server";

const AuthContext = createContext<AuthContextValue | null>(null);

type State = { status: AuthStatus; user: SessionUser | null; signedOut?: boolean; error?: string | null };

// How the session starts: from this tab's storage, from the server (a token without a user), from
// another open tab (nothing stored here), or signed out.
type Start = "stored" | "server" | "otherTab" | "none";

function startOf(canAskOtherTabs: boolean): Start {
  if (readStoredSession()) {
    return "stored";
  }
  if (isTokenValid(readStoredToken())) {
    return "server";
  }
  return canAskOtherTabs ? "otherTab" : "none";
}

function initialState(start: Start): State {
  switch (start) {
    case "stored":
      // The stored user shows at once; the server confirms it just after.
      return { status: "authenticated", user: readStoredSession()?.user ?? null };
    case "server":
    case "otherTab":
      // Nothing to show yet: a guarded page waits rather than sending the visitor to /login.
      return { status: "loading", user: null };
    case "none":
      return { status: "unauthenticated", user: null };
  }
}

const toSessionUser = (user: SessionUser): SessionUser => ({ ...user, role: normaliseRole(user.role) });

// Apollo is loaded on demand (see lib/apollo-root.tsx), so that the landing page does without it.
const loadDefaultClient = () => import("../../lib/apollo-root").then((m) => m.getClient());

export function AuthProvider({
  children,
  loadClient = loadDefaultClient,
  sessionChannel = browserSessionChannel,
}: {
  children: ReactNode;
  /** The Apollo client to talk to the server with (tests pass their own). */
  loadClient?: () => Promise<ApolloClient>;
  /** The channel to the browser's other tabs (tests pass a stand-in; null: this tab alone). */
  sessionChannel?: (() => SessionChannel) | null;
}) {
  const [start] = useState(() => startOf(sessionChannel !== null));
  const [state, setState] = useState<State>(() => initialState(start));
  const share = useRef<SessionShare | null>(null);
  // Counts sign-ins and sign-outs, so that a late answer (another tab's, the server's) does not
  // undo one that happened meanwhile.
  const changes = useRef(0);

  const endSession = useCallback(
    (options: { signedOut?: boolean } = {}) => {
      changes.current += 1;
      clearStoredSession();
      setState({ status: "unauthenticated", user: null, signedOut: options.signedOut === true });
      void loadClient()
        .then((client) => client.clearStore())
        .catch(() => {});
    },
    [loadClient],
  );

  // Signing out ends the session in every tab; a refused token (401) or an expiry ends this one.
  const logout = useCallback(
    (options: { signedOut?: boolean } = {}) => {
      endSession(options);
      if (options.signedOut) {
        share.current?.announceSignOut();
      }
    },
    [endSession],
  );

  // Any 401 from the network layer ends the session.
  useEffect(() => onUnauthenticated(() => logout()), [logout]);

  // The other tabs: answer their questions, follow their sign-outs.
  useEffect(() => {
    if (!sessionChannel) {
      return;
    }
    const opened = openSessionShare(sessionChannel(), { onSignedOut: () => endSession({ signedOut: true }) });
    share.current = opened;
    return () => {
      share.current = null;
      opened.close();
    };
  }, [sessionChannel, endSession]);

  // At start, with nothing stored here, ask the open tabs for their session. Then confirm the
  // session with the server once; a refusal ends it. Without any answer (offline) a session with a
  // user stays, so a flaky connection does not sign a child out.
  useEffect(() => {
    if (start === "none") {
      return;
    }
    let cancelled = false;
    const before = changes.current;
    const current = () => !cancelled && changes.current === before;
    void (async () => {
      if (start === "otherTab") {
        const shared = (await share.current?.ask()) ?? null;
        if (!current()) {
          return;
        }
        if (!shared) {
          setState({ status: "unauthenticated", user: null });
          return;
        }
        // Still not remembered: this tab's sessionStorage, never localStorage.
        storeSession(shared, false);
        setState({ status: "authenticated", user: shared.user });
      }
      try {
        const client = await loadClient();
        const { data } = await client.query({ query: MeDocument, fetchPolicy: "network-only" });
        if (!current()) {
          return;
        }
        if (!data?.me || !readStoredToken()) {
          logout();
          return;
        }
        const user = toSessionUser(data.me as SessionUser);
        storeUser(user);
        setState({ status: "authenticated", user });
      } catch (error) {
        if (current() && (looksUnauthenticated(error) || start === "server")) {
          logout();
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [start, loadClient, logout]);

  // End the session when the token expires, even on a page left open.
  useEffect(() => {
    const token = readStoredToken();
    const exp = token ? tokenExpiry(token) : null;
    if (state.status !== "authenticated" || exp === null) {
      return;
    }
    const delay = Math.min(Math.max(0, exp * 1000 - Date.now()), 2 ** 31 - 1);
    const timer = window.setTimeout(() => logout(), delay);
    return () => window.clearTimeout(timer);
  }, [state.status, state.user, logout]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      signedOut: state.signedOut === true,
      error: state.error ?? null,
      async login({ email, password, rememberMe }) {
        try {
          const client = await loadClient();
          const { data } = await client.mutate({ mutation: LoginDocument, variables: { input: { email, password } } });
          const token = data?.login.token;
          if (!token || !data?.login.user) {
            throw new AuthError(INVALID_RESPONSE_MESSAGE);
          }
          const user = toSessionUser(data.login.user as SessionUser);
          changes.current += 1;
          storeSession({ token, user }, rememberMe);
          setState({ status: "authenticated", user });
          return user;
        } catch (error) {
          const failure = toAuthError(error, AUTH_FALLBACKS.login);
          setState((s) => ({ ...s, error: failure.message }));
          throw failure;
        }
      },
      async register(input) {
        try {
          const client = await loadClient();
          const { data } = await client.mutate({ mutation: RegisterDocument, variables: { input } });
          if (!data?.register.token) {
            throw new AuthError(INVALID_RESPONSE_MESSAGE);
          }
        } catch (error) {
          const failure = toAuthError(error, AUTH_FALLBACKS.register);
          setState((s) => ({ ...s, error: failure.message }));
          throw failure;
        }
      },
      logout,
    }),
    [state, loadClient, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) {
    throw new Error("useAuth must be used inside <AuthProvider>");
  }
  return value;
}
