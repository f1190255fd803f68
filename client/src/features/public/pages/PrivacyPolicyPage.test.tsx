// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import PrivacyPolicyPage from "./PrivacyPolicyPage";

afterEach(cleanup);

function LocationDisplay() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderPrivacy(history: string[]) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={history} initialIndex={history.length - 1}>
      <Routes>
        <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationDisplay />
    </MemoryRouter>,
  );
  return { user, location: () => screen.getByTestId("location").textContent };
}

describe("PrivacyPolicyPage", () => {
  it("names the browser tab 'Privacy Policy - Reading Room'", () => {
    document.title = "Somewhere else - Reading Room";
    renderPrivacy(["/privacy-policy"]);
    expect(document.title).toBe("Privacy Policy - Reading Room");
  });

  it("covers information collected, its use, your rights and a contact address", () => {
    renderPrivacy(["/privacy-policy"]);
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Privacy Policy"]);
    for (const name of ["Information We Collect", "How We Use Your Information", "Your Rights", "Contact Us"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeTruthy();
    }
    expect(screen.getByRole("heading", { level: 2, name: "The Children's Code" })).toBeTruthy();
    expect(screen.getAllByText(/UK GDPR/).length).toBeGreaterThan(0);
    const mail = screen.getAllByRole("link", { name: "hello@readingroom.org.uk" });
    expect(mail.length).toBeGreaterThan(0);
    for (const link of mail) {
      expect(link.getAttribute("href")).toBe("mailto:hello@readingroom.org.uk");
    }
  });

  it("goes back one step in history with Back", async () => {
    const { user, location } = renderPrivacy(["/", "/about", "/privacy-policy"]);
    expect(location()).toBe("/privacy-policy");
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(location()).toBe("/about");
  });

  it("goes home with Back when the policy is the first page visited", async () => {
    const { user, location } = renderPrivacy(["/privacy-policy"]);
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(location()).toBe("/");
  });
});
