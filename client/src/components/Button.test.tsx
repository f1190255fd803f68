import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { Button, ButtonLink } from "./Button";
import { Card } from "./Card";

const classesOf = (element: HTMLElement) => element.className.split(" ").filter(Boolean);

describe("Button", () => {
  it("is a primary button of type button by default", () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(button.type).toBe("button");
    const primary = classesOf(button);
    render(<Button variant="primary">Again</Button>);
    expect(classesOf(screen.getByRole("button", { name: "Again" }))).toEqual(primary);
  });

  it("gives each variant its own class beside the shared one", () => {
    render(
      <>
        <Button variant="primary">One</Button>
        <Button variant="secondary">Two</Button>
        <Button variant="text">Three</Button>
      </>,
    );
    const [primary, secondary, text] = ["One", "Two", "Three"].map((name) =>
      classesOf(screen.getByRole("button", { name })),
    ) as [string[], string[], string[]];
    expect(primary).toHaveLength(2);
    expect(secondary).toHaveLength(2);
    expect(text).toHaveLength(2);
    // Same base class, different variant class.
    expect(primary[0]).toBe(secondary[0]);
    expect(secondary[0]).toBe(text[0]);
    expect(new Set([primary[1], secondary[1], text[1]]).size).toBe(3);
  });

  it("adds an extra class and keeps a submit type", () => {
    render(
      <Button type="submit" className="wide">
        Send
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Send" }) as HTMLButtonElement;
    expect(button.type).toBe("submit");
    expect(classesOf(button)).toHaveLength(3);
    expect(classesOf(button).at(-1)).toBe("wide");
  });

  it("calls onClick when enabled", async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Go</Button>);
    await user.click(screen.getByRole("button", { name: "Go" }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("when disabled is disabled and ignores clicks", async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button onClick={onClick} disabled>
        Go
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Go" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe("ButtonLink", () => {
  it("is a link with the button's classes for its variant", () => {
    render(
      <MemoryRouter>
        <Button variant="secondary">Button</Button>
        <ButtonLink to="/login" variant="secondary">
          Back to Login
        </ButtonLink>
      </MemoryRouter>,
    );
    const link = screen.getByRole("link", { name: "Back to Login" });
    expect(link.getAttribute("href")).toBe("/login");
    expect(classesOf(link)).toEqual(classesOf(screen.getByRole("button", { name: "Button" })));
  });
});

describe("Card", () => {
  it("renders its children with its class and an extra class", () => {
    render(
      <Card className="extra" data-testid="card">
        <p>Inside</p>
      </Card>,
    );
    const card = screen.getByTestId("card");
    expect(card.textContent).toBe("Inside");
    expect(classesOf(card)).toHaveLength(2);
    expect(classesOf(card)[1]).toBe("extra");
  });
});
