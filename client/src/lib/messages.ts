// User-facing messages used in more than one place, in the spec's words.
export const NO_RESPONSE = "No response from server. Please check your connection";
