/** The picture of a review without one (and of one whose picture fails to load). */
export const AVATAR_FALLBACK = '/images/avatars/default.svg';
