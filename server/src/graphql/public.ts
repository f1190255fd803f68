// Resolvers that anyone may call are marked @PublicResolver(); every other resolver class must carry
// @Authorized(). A test checks that each operation belongs to one or the other.

// type-graphql identifies resolver classes by their constructor (typed `Function` in its own API).
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const publicResolvers = new Set<Function>();

export function PublicResolver(): ClassDecorator {
  return (target) => {
    publicResolvers.add(target);
  };
}
