// Who is calling: what the router reads from the session and the access decision judges.

export interface SignedInUser {
  id: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
}

export interface AuthContext {
  user: SignedInUser;
  sessionId: string;
}
