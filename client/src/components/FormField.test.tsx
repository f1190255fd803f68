import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { FormField } from "./FormField";
import { SelectField } from "./SelectField";

function ControlledField(props: { error?: string; required?: boolean; hint?: string; type?: string }) {
  const [value, setValue] = useState("");
  return (
    <FormField
      label="Email"
      id="email"
      name="email"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      placeholder="you@school.org"
      className="extra"
      {...props}
    />
  );
}

describe("FormField", () => {
  it("ties the label to the input, with the given id, name, placeholder and type text by default", () => {
    render(<ControlledField />);
    const input = screen.getByLabelText("Email") as HTMLInputElement;
    expect(input.id).toBe("email");
    expect(input.name).toBe("email");
    expect(input.type).toBe("text");
    expect(input.placeholder).toBe("you@school.org");
    expect(screen.getByRole("textbox", { name: "Email" })).toBe(input);
  });

  it("uses the given type", () => {
    render(<ControlledField type="password" />);
    expect((screen.getByLabelText("Email") as HTMLInputElement).type).toBe("password");
  });

  it("adds the extra class to the field wrapper", () => {
    render(<ControlledField />);
    const wrapper = screen.getByLabelText("Email").parentElement as HTMLElement;
    expect(wrapper.className.split(" ")).toContain("extra");
  });

  it("shows a required asterisk outside the label, hidden from screen readers, and marks the input required", () => {
    render(<ControlledField required />);
    // The label names the field with its word alone: a screen reader never reads "Email *", even one
    // that counts aria-hidden text inside a label.
    const label = document.querySelector("label[for=email]") as HTMLLabelElement;
    expect(label.textContent).toBe("Email");
    const asterisk = label.parentElement?.querySelector("[aria-hidden=true]") as HTMLElement;
    expect(asterisk.textContent?.trim()).toBe("*");
    const input = screen.getByRole("textbox", { name: "Email" }) as HTMLInputElement;
    expect(input.required).toBe(true);
    expect(input.getAttribute("aria-required")).toBe("true");
  });

  it("names a required password field 'Password', with no asterisk, and says it is required", () => {
    render(
      <FormField label="Password" id="password" name="password" type="password" value="" onChange={vi.fn()} required />,
    );
    const input = screen.getByLabelText("Password", { exact: true }) as HTMLInputElement;
    expect(input.type).toBe("password");
    expect(input.labels?.[0]?.textContent).toBe("Password");
    expect(input.required).toBe(true);
    expect(input.getAttribute("aria-required")).toBe("true");
  });

  it("has no asterisk when not required", () => {
    render(<ControlledField />);
    expect((document.querySelector("label[for=email]") as HTMLLabelElement).textContent).toBe("Email");
    const input = screen.getByLabelText("Email") as HTMLInputElement;
    expect(input.required).toBe(false);
    expect(input.getAttribute("aria-required")).toBeNull();
  });

  it("shows an inline error tied to the input with aria-invalid and aria-describedby", () => {
    render(<ControlledField error="Email is invalid" />);
    const input = screen.getByLabelText("Email");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("email-error");
    const error = document.getElementById("email-error") as HTMLElement;
    expect(error.textContent).toBe("Email is invalid");
    expect(error.getAttribute("role")).toBe("alert");
  });

  it("without an error has neither aria-invalid nor aria-describedby", () => {
    render(<ControlledField />);
    const input = screen.getByLabelText("Email");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(input.getAttribute("aria-describedby")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("describes the input by its hint, and by hint and error together", () => {
    const { rerender } = render(<ControlledField hint="Use your school address" />);
    const input = screen.getByLabelText("Email");
    expect(input.getAttribute("aria-describedby")).toBe("email-hint");
    expect(document.getElementById("email-hint")?.textContent).toBe("Use your school address");
    rerender(<ControlledField hint="Use your school address" error="Email is required" />);
    expect(input.getAttribute("aria-describedby")).toBe("email-hint email-error");
  });

  it("reports edits through onChange", async () => {
    const user = userEvent.setup();
    render(<ControlledField />);
    const input = screen.getByLabelText("Email") as HTMLInputElement;
    await user.type(input, "ada");
    expect(input.value).toBe("ada");
  });

  it("passes other input attributes through", () => {
    render(
      <FormField label="Code" id="code" name="code" value="" onChange={vi.fn()} autoComplete="off" maxLength={8} />,
    );
    const input = screen.getByLabelText("Code") as HTMLInputElement;
    expect(input.getAttribute("autocomplete")).toBe("off");
    expect(input.maxLength).toBe(8);
  });
});

describe("SelectField", () => {
  const renderSelect = (props: { error?: string; required?: boolean; disabled?: boolean } = {}) =>
    render(
      <SelectField label="School" id="school" name="school" value="" onChange={vi.fn()} {...props}>
        <option value="">Choose your school</option>
        <option value="Camden Academy">Camden Academy</option>
      </SelectField>,
    );

  it("ties the label to the select, says it is required and keeps the asterisk out of its name", () => {
    renderSelect({ required: true });
    const select = screen.getByRole("combobox", { name: "School" }) as HTMLSelectElement;
    expect(select.name).toBe("school");
    expect(select.required).toBe(true);
    // aria-required as well as required, as FormField does.
    expect(select.getAttribute("aria-required")).toBe("true");
    const label = document.querySelector("label[for=school]") as HTMLLabelElement;
    expect(label.textContent).toBe("School");
    expect(label.parentElement?.querySelector("[aria-hidden=true]")?.textContent?.trim()).toBe("*");
  });

  it("has neither asterisk nor aria-required when not required", () => {
    renderSelect();
    const select = screen.getByRole("combobox", { name: "School" });
    expect(select.getAttribute("aria-required")).toBeNull();
    expect(document.querySelector("[aria-hidden=true]")).toBeNull();
  });

  it("shows an inline error tied to the select", () => {
    renderSelect({ error: "School is required" });
    const select = screen.getByRole("combobox", { name: "School" });
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(select.getAttribute("aria-describedby")).toBe("school-error");
    expect(document.getElementById("school-error")?.textContent).toBe("School is required");
  });

  it("can be disabled", () => {
    renderSelect({ disabled: true });
    expect((screen.getByRole("combobox", { name: "School" }) as HTMLSelectElement).disabled).toBe(true);
  });
});
