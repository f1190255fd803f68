import { useMemo } from "react";
import { Outlet, RouterProvider, createBrowserRouter } from "react-router-dom";
import { AuthProvider } from "./features/auth/AuthProvider";
import { routes } from "./routes";

// The auth provider lives inside the router (its pages navigate) and around every route.
export function App() {
  const router = useMemo(
    () =>
      createBrowserRouter([
        {
          element: (
            <AuthProvider>
              <Outlet />
            </AuthProvider>
          ),
          children: routes,
        },
      ]),
    [],
  );
  return <RouterProvider router={router} />;
}
