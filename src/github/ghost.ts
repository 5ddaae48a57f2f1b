// A deleted account. GitHub keeps what it wrote but sends its author as `user: null` (its schemas
// allow it wherever a user wrote something) and shows it as @ghost. It is nobody gitclaw can ask
// about: never a writer, whatever a permission lookup would say of the real account named "ghost".
export const GHOST = "ghost";

/** The login of whoever wrote something: GHOST for a deleted account. */
export const loginOf = (user: { login?: string } | null | undefined): string => user?.login ?? GHOST;

export const isGhost = (login: string): boolean => login.toLowerCase() === GHOST;
