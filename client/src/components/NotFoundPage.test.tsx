import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import NotFoundPage from "./NotFoundPage";

describe("NotFoundPage", () => {
  it("names the browser tab 'Page Not Found - Reading Room'", () => {
    document.title = "Somewhere else - Reading Room";
    render(<RouterProvider router={createMemoryRouter([{ path: "*", element: <NotFoundPage /> }])} />);
    expect(document.title).toBe("Page Not Found - Reading Room");
  });

  it("says 'Page Not Found' with 'Return to Home' linking to /", async () => {
    const router = createMemoryRouter(
      [
        { path: "/", element: <h1>Home page</h1> },
        { path: "*", element: <NotFoundPage /> },
      ],
      { initialEntries: ["/no/such/page"] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole("heading", { name: "Page Not Found" })).toBeTruthy();
    const home = screen.getByRole("link", { name: "Return to Home" });
    expect(home.getAttribute("href")).toBe("/");
    await userEvent.setup().click(home);
    expect(await screen.findByRole("heading", { name: "Home page" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
  });
});
