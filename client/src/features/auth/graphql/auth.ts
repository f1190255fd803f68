import { graphql } from "../../../gql";

export const SessionUserFields = graphql(`
  fragment SessionUserFields on User {
    uid
    displayName
    email
    role
    school
    status
    createdAt
    moderation {
      strikeCount
      blocked
      blockedAt
      blockReason
    }
  }
`);

export const LoginDocument = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      token
      user {
        ...SessionUserFields
      }
    }
  }
`);

export const RegisterDocument = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      token
      user {
        ...SessionUserFields
      }
    }
  }
`);

export const MeDocument = graphql(`
  query Me {
    me {
      ...SessionUserFields
    }
  }
`);

export const SchoolsDocument = graphql(`
  query Schools {
    schools {
      id
      name
    }
  }
`);

export const RequestPasswordResetDocument = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email) {
      message
    }
  }
`);

export const CompletePasswordResetDocument = graphql(`
  mutation CompletePasswordReset($input: CompletePasswordResetInput!) {
    completePasswordReset(input: $input) {
      message
    }
  }
`);
