/** What the session middleware knows about the signed-in user on every request. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: number;
  accountId: string | null;
}

declare module '../../context' {
  interface Ctx {
    /** The signed-in user (loaded from the session on every request), or null. */
    user: SessionUser | null;
  }
}
