/**
 * Query code: 12 characters of an alphabet without look-alikes. No 0, 1, I, L or O is ever
 * issued, so none of them can be read back as a character that is: a code typed with one is
 * refused with a message that names the character and the characters a code does consist of.
 * Kept apart from the schema (complaint-fields.ts) so that a page can say what a code is made of
 * before it loads the schema language.
 */
export const QUERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const QUERY_CODE_LENGTH = 12
/** What a query code consists of, in the words every refusal of one uses. */
export const QUERY_CODE_CHARACTERS = '字母（不含I、L、O）和数字2～9'
