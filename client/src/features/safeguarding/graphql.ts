import { graphql } from "../../gql";

// Safeguarding for staff: a school's safeguarding contacts (its designated safeguarding lead and
// deputies), one alert with its notes (the e-mail's link), and reviewing alerts with a note.

export const SafeguardingContactsFields = graphql(`
  fragment SafeguardingContactsFields on SafeguardingContacts {
    school {
      id
      name
    }
    lead {
      id
      displayName
    }
    deputies {
      id
      displayName
    }
    candidates {
      id
      displayName
    }
    canEdit
  }
`);

export const SafeguardingContactsDocument = graphql(`
  query SafeguardingContacts($schoolId: ID) {
    safeguardingContacts(schoolId: $schoolId) {
      ...SafeguardingContactsFields
    }
  }
`);

export const SetSafeguardingContactsDocument = graphql(`
  mutation SetSafeguardingContacts($input: SetSafeguardingContactsInput!) {
    setSafeguardingContacts(input: $input) {
      ...SafeguardingContactsFields
    }
  }
`);

export const SafeguardingAlertDetailFields = graphql(`
  fragment SafeguardingAlertDetailFields on SafeguardingAlertDetail {
    alert {
      ...SafeguardingAlertFields
    }
    schoolName
    notes {
      id
      authorName
      text
      createdAt
    }
    emailsSent
    lastEmailedAt
  }
`);

export const SafeguardingAlertDocument = graphql(`
  query SafeguardingAlert($id: ID!) {
    safeguardingAlert(id: $id) {
      ...SafeguardingAlertDetailFields
    }
  }
`);

export const ReviewSafeguardingAlertsDocument = graphql(`
  mutation ReviewSafeguardingAlerts($input: ReviewSafeguardingAlertsInput!) {
    reviewSafeguardingAlerts(input: $input) {
      ...SafeguardingAlertDetailFields
    }
  }
`);
