// The spec's form rules (section 5), word for word. The server applies the same rules again.

export type Errors<Field extends string> = Partial<Record<Field, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 6;

export function emailError(email: string): string | undefined {
  if (!email.trim()) {
    return "Email is required";
  }
  return EMAIL_PATTERN.test(email.trim()) ? undefined : "Email is invalid";
}

export function newPasswordErrors(password: string, confirmPassword: string): Errors<"password" | "confirmPassword"> {
  const errors: Errors<"password" | "confirmPassword"> = {};
  if (!password) {
    errors.password = "Password is required";
  } else if (password.length < MIN_PASSWORD_LENGTH) {
    errors.password = "Password must be at least 6 characters";
  }
  if (password !== confirmPassword) {
    errors.confirmPassword = "Passwords do not match";
  }
  return errors;
}

export type LoginForm = { email: string; password: string };

export function validateLogin(form: LoginForm): Errors<keyof LoginForm> {
  const errors: Errors<keyof LoginForm> = {};
  const email = emailError(form.email);
  if (email) {
    errors.email = email;
  }
  if (!form.password) {
    errors.password = "Password is required";
  }
  return errors;
}

export type RegisterForm = {
  displayName: string;
  email: string;
  password: string;
  confirmPassword: string;
  role: "student" | "teacher";
  school: string;
  teacherCode: string;
};

export function validateRegister(form: RegisterForm): Errors<keyof RegisterForm> {
  const errors: Errors<keyof RegisterForm> = {};
  if (!form.displayName.trim()) {
    errors.displayName = "Full name is required";
  }
  const email = emailError(form.email);
  if (email) {
    errors.email = email;
  }
  Object.assign(errors, newPasswordErrors(form.password, form.confirmPassword));
  if (!form.school) {
    errors.school = "School is required";
  }
  // The code itself is checked by the server only; here we only ask for one.
  if (form.role === "teacher" && !form.teacherCode.trim()) {
    errors.teacherCode = "Valid teacher code is required";
  }
  return errors;
}

export const hasErrors = (errors: object) => Object.values(errors).some(Boolean);
