import { z } from "zod";
import { badInput, type FieldErrors } from "../../errors/app-error.js";
import { withoutControlCharacters } from "../../validation/fields.js";

// What the safeguarding operations accept, checked at the edge (GraphQL arguments and REST queries
// alike) before the service sees them. The service then decides who may do it.

export const MAX_DEPUTIES = 10;
export const MAX_REVIEW_BATCH = 100;
export const MAX_NOTE_LENGTH = 4000;
const MAX_ID_LENGTH = 300;

export const NOTE_REQUIRED_MESSAGE = "Write a note: what was done about the alert";
export const NOTE_TOO_LONG_MESSAGE = `A note can be at most ${MAX_NOTE_LENGTH} characters`;
export const CHOOSE_ALERTS_MESSAGE = "Choose at least one alert";
export const TOO_MANY_ALERTS_MESSAGE = `Review at most ${MAX_REVIEW_BATCH} alerts at once`;
export const TOO_MANY_DEPUTIES_MESSAGE = `A school can have at most ${MAX_DEPUTIES} deputies`;
export const LEAD_ALSO_DEPUTY_MESSAGE = "The safeguarding lead cannot also be a deputy";
export const BAD_DAY_MESSAGE = "Dates must be written as YYYY-MM-DD";
export const DAYS_ORDER_MESSAGE = "The start date must be on or before the end date";

const id = z.string({ error: "Must be an ID" }).min(1, { error: "Must be an ID" }).max(MAX_ID_LENGTH, {
  error: "Must be an ID",
});
const optionalId = id.nullish().transform((value) => value ?? null);

/** "2026-03-05": a real calendar day. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: BAD_DAY_MESSAGE })
  // Zod runs this check after a failed pattern too: an unreadable date must not throw ("undefined").
  .refine(
    (value) => {
      const date = new Date(`${value}T12:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    { error: BAD_DAY_MESSAGE },
  );

export const contactsQuery = z.object({ schoolId: optionalId });

export const setContactsInput = z
  .object({
    schoolId: optionalId,
    leadId: optionalId,
    deputyIds: z
      .array(id)
      .max(MAX_DEPUTIES, { error: TOO_MANY_DEPUTIES_MESSAGE })
      .transform((ids) => [...new Set(ids)]),
  })
  .refine((input) => !input.leadId || !input.deputyIds.includes(input.leadId), {
    error: LEAD_ALSO_DEPUTY_MESSAGE,
    path: ["deputyIds"],
  });
export type SetContactsInput = z.infer<typeof setContactsInput>;

export const reviewInput = z.object({
  ids: z
    .array(id)
    .min(1, { error: CHOOSE_ALERTS_MESSAGE })
    .max(MAX_REVIEW_BATCH, { error: TOO_MANY_ALERTS_MESSAGE })
    .transform((ids) => [...new Set(ids)]),
  note: z
    .string({ error: NOTE_REQUIRED_MESSAGE })
    .transform((text) => withoutControlCharacters(text).trim())
    .pipe(z.string().min(1, { error: NOTE_REQUIRED_MESSAGE }).max(MAX_NOTE_LENGTH, { error: NOTE_TOO_LONG_MESSAGE })),
});
export type ReviewInput = z.infer<typeof reviewInput>;

export const alertQuery = z.object({ id });

export const exportQuery = z
  .object({
    schoolId: optionalId,
    from: day.nullish().transform((value) => value ?? null),
    to: day.nullish().transform((value) => value ?? null),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: DAYS_ORDER_MESSAGE, path: ["to"] });
export type ExportQuery = z.infer<typeof exportQuery>;

/** The parsed value, or a BAD_USER_INPUT error with the first problem as its message and each field's. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (result.success) {
    return result.data;
  }
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    fields[String(issue.path[0] ?? "input")] ??= issue.message;
  }
  throw badInput(result.error.issues[0]?.message ?? "Invalid input", fields);
}
