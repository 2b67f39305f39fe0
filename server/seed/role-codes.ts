/**
 * The three roles every site starts with. A module of their own so that server/auth, which
 * base.ts imports, can name the member role without an import cycle.
 */
export const ROLE_GUEST = 'GUEST';
export const ROLE_MEMBER = 'MEMBER';
export const ROLE_ADMIN = 'ADMIN';
