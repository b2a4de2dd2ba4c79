/** What the comment composer and its placeholder (drawn while the form loads) both show, in one place. */
export const composerPlaceholder = (isReply: boolean) => (isReply ? 'Write a reply…' : 'Add a comment…');
export const COMPOSER_TEXTAREA_CLASS = 'max-h-40 min-h-9';
export const COMPOSER_HINT = 'Enter to post, Shift+Enter for a new line';
/**
 * The composer's height on one line (its textarea's row, the gap, the hint): a guest's sign-in prompt drawn in its
 * place takes it too, its text beside the button, so a signed-in reader's page keeps still when their composer
 * replaces the prompt the server drew.
 */
export const COMPOSER_PLACE_CLASS = 'min-h-16.5 flex-nowrap md:min-h-15.5';
