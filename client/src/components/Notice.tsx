import type { ReactNode } from "react";

/** A success or error notice; errors are announced at once (role="alert"). */
export function Notice({ tone, children }: { tone: "success" | "error"; children: ReactNode }) {
  return tone === "error" ? (
    <div className="notice notice--error" role="alert">
      {children}
    </div>
  ) : (
    <div className="notice notice--success" role="status">
      {children}
    </div>
  );
}
