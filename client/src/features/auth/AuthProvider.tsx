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

function initialState(): State {
  const stored = readStoredSession();
  if (stored) {
    // The stored user shows at once; the server confirms it just after.
    return { status: "authenticated", user: stored.user };
  }
  // A valid token without a user to show: ask the server before rendering anything.
  return isTokenValid(readStoredToken())
    ? { status: "loading", user: null }
    : { status: "unauthenticated", user: null };
}

const toSessionUser = (user: SessionUser): SessionUser => ({ ...user, role: normaliseRole(user.role) });

// Apollo is loaded on demand (see lib/apollo-root.tsx), so that the landing page does without it.
const loadDefaultClient = () => import("../../lib/apollo-root").then((m) => m.getClient());

export function AuthProvider({
  children,
  loadClient = loadDefaultClient,
}: {
  children: ReactNode;
  /** The Apollo client to talk to the server with (tests pass their own). */
  loadClient?: () => Promise<ApolloClient>;
}) {
  const [state, setState] = useState<State>(initialState);

  const logout = useCallback(
    (options: { signedOut?: boolean } = {}) => {
      clearStoredSession();
      setState({ status: "unauthenticated", user: null, signedOut: options.signedOut === true });
      void loadClient()
        .then((client) => client.clearStore())
        .catch(() => {});
    },
    [loadClient],
  );

  // Any 401 from the network layer ends the session.
  useEffect(() => onUnauthenticated(() => logout()), [logout]);

  // Confirm the stored user with the server once at start; a refusal ends the session. Without any
  // answer (offline) the stored session stays, so a flaky connection does not sign a child out.
  const startStatus = useRef(state.status);
  useEffect(() => {
    if (startStatus.current === "unauthenticated") {
      return;
    }
    let cancelled = false;
    loadClient()
      .then((client) => client.query({ query: MeDocument, fetchPolicy: "network-only" }))
      .then(({ data }) => {
        if (cancelled) {
          return;
        }
        if (!data?.me || !readStoredToken()) {
          logout();
          return;
        }
        const user = toSessionUser(data.me as SessionUser);
        storeUser(user);
        setState({ status: "authenticated", user });
      })
      .catch((error: unknown) => {
        if (!cancelled && (looksUnauthenticated(error) || startStatus.current === "loading")) {
          logout();
        }
      });
    return () => {
      cancelled = true;
    };
  }, [loadClient, logout]);

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
