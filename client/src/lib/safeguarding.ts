// The safeguarding categories in staff's words, for the admin reports, whose rows count events by
// category and carry no label (an alert itself comes with the server's `label`): the server's taxonomy
// (server/src/modules/moderation/taxonomy.ts), and the five names of the first classifier, which
// events recorded before the taxonomy changed still carry.
export const CATEGORY_LABELS: Readonly<Record<string, string>> = {
  risk_self_harm: "Suicide or self-harm",
  risk_abuse: "Possible abuse",
  risk_grooming: "Grooming or exploitation",
  risk_forced_marriage_fgm: "Forced marriage or FGM",
  risk_running_away: "Running away",
  risk_radicalisation: "Radicalisation",
  threat_violence: "Threats or violence",
  bullying_hate: "Bullying or hate",
  sexual: "Sexual content",
  personal_details: "Personal details",
  swearing_mild: "Mild swearing",
  swearing_strong: "Strong swearing",
  // Before the taxonomy of issue 19:
  violence_threats: "Violence or threats",
  self_harm_risk: "Risk to the child",
};
