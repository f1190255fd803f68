/**
 * After an admin takes away their own admin role: load the app afresh at their dashboard, so that the
 * session (checked with the server at start) carries the new role and the admin screens go.
 */
export function reloadAtDashboard(): void {
  window.location.assign("/dashboard");
}
