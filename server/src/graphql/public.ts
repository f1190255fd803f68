// Resolvers that anyone may call are marked @PublicResolver(); every other resolver class must carry
// @Authorized(). A test checks that each operation belongs to one or the other.

export const publicResolvers = new Set<Function>();

export function PublicResolver(): ClassDecorator {
  return (target) => {
    publicResolvers.add(target);
  };
}
