import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Footer } from "./Footer";

const renderFooter = () =>
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );

describe("Footer", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("has a blurb", () => {
    renderFooter();
    const about = screen.getByRole("region", { name: "Reading Room" });
    expect(within(about).getByText(/Every child deserves a great book\./)).toBeTruthy();
  });

  it("has 'Quick Links': Home, Books, Dashboard, About, Privacy Policy", () => {
    renderFooter();
    const links = within(screen.getByRole("navigation", { name: "Quick Links" }))
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual([
      ["Home", "/"],
      ["Books", "/books"],
      ["Dashboard", "/dashboard"],
      ["About", "/about"],
      ["Privacy Policy", "/privacy-policy"],
    ]);
  });

  it("has 'Contact' with an e-mail link and a phone link", () => {
    renderFooter();
    const contact = within(screen.getByRole("region", { name: "Contact" }));
    const email = contact.getByRole("link", { name: "hello@readingroom.org.uk" });
    expect(email.getAttribute("href")).toBe("mailto:hello@readingroom.org.uk");
    const phone = contact.getByRole("link", { name: "+44 20 7946 0123" });
    expect(phone.getAttribute("href")).toBe("tel:+442079460123");
  });

  it("has the copyright with the current year", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-03-04T10:00:00Z"));
    renderFooter();
    expect(screen.getByText("© 2031 Reading Room. All rights reserved.")).toBeTruthy();
  });
});
