import { useMutation } from "@apollo/client/react";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router-dom";
import { Button } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { FormField } from "../../../components/FormField";
import { errorMessage, fieldErrors } from "../../../lib/errors";
import { dashboardPathFor } from "../../../lib/session";
import { useAuth } from "../AuthProvider";
import { RequestPasswordResetDocument } from "../graphql/auth";
import { useForm } from "../useForm";
import { emailError, hasErrors, validateLogin } from "../validation";
import styles from "./AuthPage.module.css";
import { Notice } from "../../../components/Notice";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";

type PageNotice = { tone: "success" | "error"; text: string } | null;

type LocationState = { from?: { pathname?: string; search?: string }; message?: string } | null;

export default function LoginPage() {
  useDocumentTitle("Sign In");
  const { login, status, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as LocationState;
  const form = useForm({ email: "", password: "", rememberMe: false });
  // One notice at a time: the registration's success message until the visitor types or submits,
  // then whatever the last action said.
  const [notice, setNotice] = useState<PageNotice>(() =>
    state?.message ? { tone: "success", text: state.message } : null,
  );
  const [requestReset, reset] = useMutation(RequestPasswordResetDocument);

  const from = state?.from?.pathname ? `${state.from.pathname}${state.from.search ?? ""}` : null;

  if (status === "authenticated" && user && !form.busy) {
    return <Navigate to={from ?? dashboardPathFor(user.role)} replace />;
  }

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setNotice(null);
    form.onChange(event);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const errors = validateLogin(form.values);
    form.setErrors(errors);
    if (hasErrors(errors)) {
      return;
    }
    form.setBusy(true);
    try {
      const signedIn = await login(form.values);
      navigate(from ?? dashboardPathFor(signedIn.role), { replace: true });
    } catch (error) {
      form.setErrors(fieldErrors(error));
      setNotice({ tone: "error", text: errorMessage(error, "Failed to login. Please try again.") });
      form.setBusy(false);
    }
  };

  const onForgot = async () => {
    setNotice(null);
    if (!form.values.email.trim()) {
      form.setErrors({ email: "Please enter your email address to reset your password" });
      return;
    }
    const invalid = emailError(form.values.email);
    if (invalid) {
      form.setErrors({ email: invalid });
      return;
    }
    try {
      await requestReset({ variables: { email: form.values.email.trim() } });
      setNotice({ tone: "success", text: "Password reset email sent. Please check your inbox." });
    } catch {
      setNotice({ tone: "error", text: "Failed to send password reset email. Please try again." });
    }
  };

  return (
    <section className={styles.page}>
      <Card className={styles.card}>
        <h1 className={styles.title}>Welcome Back</h1>
        <p className={styles.subtitle}>Sign in to your Reading Room account</p>
        <div aria-live="polite">{notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}</div>
        <form onSubmit={onSubmit} noValidate>
          <FormField
            label="Email"
            id="login-email"
            name="email"
            type="email"
            autoComplete="email"
            value={form.values.email}
            onChange={onChange}
            error={form.errors.email}
            required
          />
          <FormField
            label="Password"
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={form.values.password}
            onChange={onChange}
            error={form.errors.password}
            required
          />
          <div className={styles.row}>
            <label className={styles.checkbox}>
              <input type="checkbox" name="rememberMe" checked={form.values.rememberMe} onChange={onChange} />
              Remember me
            </label>
            <Button variant="text" onClick={onForgot} disabled={reset.loading}>
              Forgot your password?
            </Button>
          </div>
          <Button type="submit" className={styles.submit} disabled={form.busy}>
            {form.busy ? "Signing in..." : "Sign In"}
          </Button>
        </form>
        <p className={styles.footer}>
          Don&apos;t have an account? <Link to="/register">Create one</Link>
        </p>
      </Card>
    </section>
  );
}
