import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { readStoredSession } from "./lib/session";
import { startRouteData } from "./route-data";
import { preloadRoute } from "./routes";
import "./styles/global.css";

// Before the first render: the first page's chunks and data start downloading together.
startRouteData(window.location);
preloadRoute(window.location.pathname, readStoredSession() !== null);

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
