import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type AccountEvent, type AccountSubscription, subscribeAccountUpdated } from "./helpers/auth-kit.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";

// Subscriptions over graphql-ws on /graphql: the connection is authenticated once, in
// connection_init ({ authorization: "Bearer <token>" }); without a token it is closed with 4403
// Forbidden, with a refused one (expired, tampered, an inactive account) with 4401 and the reason. accountUpdated delivers the signed-in user's own account changes only.

/**
 * The token with one character of its signature changed. Not the last one: base64url's last
 * character carries bits a decoder may ignore, so changing it can leave the signature as it was.
 */
function tampered(token: string): string {
  const at = token.length - 10;
  return `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
}

describe("accountUpdated subscription", () => {
  let app: TestApp;
  let open: AccountSubscription[] = [];
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterEach(async () => {
    await Promise.all(open.map((s) => s.dispose()));
    open = [];
  });
  afterAll(() => app.stop());

  function subscribe(connectionParams?: Record<string, unknown>): AccountSubscription {
    const subscription = subscribeAccountUpdated(app, connectionParams);
    open.push(subscription);
    return subscription;
  }

  const setRole = (admin: TestUser, id: string, role: string) =>
    app.api("PATCH", `/api/auth/user/${id}`, { token: admin.token, body: { role } });

  /**
   * The server starts listening some time after the subscribe message, and nothing tells the client
   * when. So: set the role (publishing an event each time) until the first event or error arrives.
   */
  async function setRoleUntilDelivered(
    admin: TestUser,
    user: TestUser,
    role: string,
    subscription: AccountSubscription,
  ) {
    const deadline = Date.now() + 10_000;
    while (!subscription.events.length && !subscription.errors.length && Date.now() < deadline) {
      expect((await setRole(admin, user.id, role)).status).toBe(200);
    }
    expect(subscription.errors).toEqual([]);
    expect(subscription.events.length).toBeGreaterThan(0);
  }

  /** The events after the last one caused by setRoleUntilDelivered's probing with `probeRole`. */
  function afterProbes(subscription: AccountSubscription, probeRole: string): AccountEvent[] {
    const lastProbe = subscription.events.findLastIndex((e) => e.role === probeRole);
    return subscription.events.slice(lastProbe + 1);
  }

  it("delivers the user's new role when an admin changes it", async () => {
    const admin = await app.createUser({ role: "admin" });
    const student = await app.createUser();
    const subscription = subscribe({ authorization: `Bearer ${student.token}` });

    await setRoleUntilDelivered(admin, student, "teacher", subscription);

    expect(subscription.errors).toEqual([]);
    expect(subscription.events[0]).toEqual({ uid: student.id, role: "teacher" });
    expect(new Set(subscription.events.map((e) => JSON.stringify(e)))).toEqual(
      new Set([JSON.stringify({ uid: student.id, role: "teacher" })]),
    );
  });

  it("delivers each later change, in order", async () => {
    const admin = await app.createUser({ role: "admin" });
    const student = await app.createUser();
    const subscription = subscribe({ authorization: `Bearer ${student.token}` });
    await setRoleUntilDelivered(admin, student, "student", subscription);

    await setRole(admin, student.id, "teacher");
    await setRole(admin, student.id, "admin");

    await vi.waitFor(() => expect(subscription.events.at(-1)?.role).toBe("admin"), { timeout: 10_000, interval: 20 });
    expect(afterProbes(subscription, "student")).toEqual([
      { uid: student.id, role: "teacher" },
      { uid: student.id, role: "admin" },
    ]);
  });

  it("accepts the token as connectionParams.token too", async () => {
    const admin = await app.createUser({ role: "admin" });
    const student = await app.createUser();
    const subscription = subscribe({ token: student.token });
    await setRoleUntilDelivered(admin, student, "teacher", subscription);
    expect(subscription.events[0]).toEqual({ uid: student.id, role: "teacher" });
  });

  it("does not deliver another user's changes", async () => {
    const admin = await app.createUser({ role: "admin" });
    const alice = await app.createUser();
    const bob = await app.createUser();
    const aliceSub = subscribe({ authorization: `Bearer ${alice.token}` });
    const bobSub = subscribe({ authorization: `Bearer ${bob.token}` });
    await setRoleUntilDelivered(admin, alice, "student", aliceSub);
    await setRoleUntilDelivered(admin, bob, "student", bobSub);

    // Alice's change is published before Bob's: had it reached Bob, it would arrive first.
    await setRole(admin, alice.id, "teacher");
    await setRole(admin, bob.id, "admin");

    await vi.waitFor(() => expect(bobSub.events.at(-1)?.role).toBe("admin"), { timeout: 10_000, interval: 20 });
    expect(afterProbes(bobSub, "student")).toEqual([{ uid: bob.id, role: "admin" }]);
    expect(bobSub.events.every((e) => e.uid === bob.id)).toBe(true);
    await vi.waitFor(() => expect(aliceSub.events.at(-1)?.role).toBe("teacher"), { timeout: 10_000, interval: 20 });
    expect(aliceSub.events.every((e) => e.uid === alice.id)).toBe(true);
  });

  describe("refuses the connection and delivers nothing: 4403 without a token, 4401 for a refused one", () => {
    it.each<[string, (user: TestUser) => Record<string, unknown> | undefined, number]>([
      ["without connection params", () => undefined, 4403],
      ["without a token", () => ({}), 4403],
      ["with a malformed token", () => ({ authorization: "Bearer a.b.c" }), 4401],
      ["with a word for a token", () => ({ authorization: "Bearer abc" }), 4401],
      ["with another scheme", (user) => ({ authorization: `Basic ${user.token}` }), 4401],
      ["with a tampered token", (user) => ({ authorization: `Bearer ${tampered(user.token)}` }), 4401],
    ])("%s", async (_case, params, code) => {
      const admin = await app.createUser({ role: "admin" });
      const student = await app.createUser();
      const subscription = subscribe(params(student));

      expect(await subscription.closed).toBe(code);
      expect((await setRole(admin, student.id, "teacher")).status).toBe(200);
      expect(subscription.events).toEqual([]);
      expect(subscription.errors).toHaveLength(1);
    });

    it("for a deactivated account's token", async () => {
      const student = await app.createUser();
      await app.db.prisma.user.update({ where: { id: student.id }, data: { status: "inactive" } });
      const subscription = subscribe({ authorization: `Bearer ${student.token}` });
      expect(await subscription.closed).toBe(4401);
      expect(subscription.events).toEqual([]);
    });
  });
});
