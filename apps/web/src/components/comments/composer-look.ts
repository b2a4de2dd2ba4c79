/** What the comment composer and its placeholder (drawn while the form loads) both show, in one place. */
export const composerPlaceholder = (isReply: boolean) => (isReply ? 'Write a reply…' : 'Add a comment…');
export const COMPOSER_TEXTAREA_CLASS = 'max-h-40 min-h-9';
export const COMPOSER_HINT = 'Enter to post, Shift+Enter for a new line';
